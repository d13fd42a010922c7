import { describe, expect, it } from 'vitest';
import { wordPattern } from '../../../src/pipeline/rewrite/lexical/words.js';

describe('the lexical engine\'s words', () => {
  const text = "Did Huntington's F-1 visa, or Node.js, help?";
  it('join letters and digits by apostrophes and hyphens, and keep dots or marks only when asked', () => {
    expect(text.match(wordPattern())).toEqual(['Did', "Huntington's", 'F-1', 'visa', 'or', 'Node', 'js', 'help']);
    expect(text.match(wordPattern({ dots: true }))).toEqual(['Did', "Huntington's", 'F-1', 'visa', 'or', 'Node.js', 'help']);
    expect(text.match(wordPattern({ punctuation: true }))).toEqual(['Did', "Huntington's", 'F-1', 'visa', ',', 'or', 'Node', '.', 'js', ',', 'help', '?']);
    expect('U.S. dollar?'.match(wordPattern({ dots: true, punctuation: true }))).toEqual(['U.S', '.', 'dollar', '?']);
  });
});
