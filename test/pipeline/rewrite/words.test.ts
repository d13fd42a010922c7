import { describe, expect, it } from 'vitest';
import { opensSentence, wordPattern } from '../../../src/pipeline/rewrite/lexical/words.js';

describe('the lexical engine\'s words', () => {
  const text = "Did Huntington's F-1 visa, or Node.js, help?";
  it('join letters and digits by apostrophes and hyphens, and keep dots or marks only when asked', () => {
    expect(text.match(wordPattern())).toEqual(['Did', "Huntington's", 'F-1', 'visa', 'or', 'Node', 'js', 'help']);
    expect(text.match(wordPattern({ dots: true }))).toEqual(['Did', "Huntington's", 'F-1', 'visa', 'or', 'Node.js', 'help']);
    expect(text.match(wordPattern({ punctuation: true }))).toEqual(['Did', "Huntington's", 'F-1', 'visa', ',', 'or', 'Node', '.', 'js', ',', 'help', '?']);
    expect('U.S. dollar?'.match(wordPattern({ dots: true, punctuation: true }))).toEqual(['U.S', '.', 'dollar', '?']);
  });

  it('open a sentence at the start or after an end mark and spaces', () => {
    const t = 'Yes. The warranty ends!  Parts wear out; the Compressor? Maybe';
    const at = (w: string) => opensSentence(t, t.indexOf(w));
    expect([at('Yes'), at('The'), at('Parts'), at('Maybe')]).toEqual([true, true, true, true]);
    expect([at('warranty'), at('the'), at('Compressor')]).toEqual([false, false, false]);
    const long = 'The heat pump makes noise when it starts. '.repeat(2_000);
    expect([...long.matchAll(/\p{L}+/gu)].filter((m) => opensSentence(long, m.index))).toHaveLength(2_000);
  });

});
