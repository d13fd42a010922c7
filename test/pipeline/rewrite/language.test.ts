import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../../../src/pipeline/rewrite/lexical/language.js';

describe('the language of a short question', () => {
  it('reads Dutch by its function words, "welk" (before a neuter noun) as "welke"', () => {
    expect(detectLanguage('welk document noemt de garantie?')).toBe('nl');
    expect(detectLanguage('welke documenten gaan over de garantie?')).toBe('nl');
    expect(detectLanguage('which document mentions the warranty?')).toBe('en');
    // Nothing to go by: the conversation's earlier turns decide, then English.
    expect(detectLanguage('garantie?', ['Wat kost een warmtepomp?'])).toBe('nl');
    expect(detectLanguage('garantie?')).toBe('en');
  });
});
