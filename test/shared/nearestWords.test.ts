import { describe, expect, it } from 'vitest';
import { withNearestWords } from '../../src/shared/api.js';

describe('a not-found question asked again with the words of the files', () => {
  it('replaces each word no file has by the word it is likeliest a slip of, where it stands as a word', () => {
    expect(withNearestWords('How do I rebsae my brnach?', [{ word: 'rebsae', nearest: 'rebase' }, { word: 'brnach', nearest: 'branch' }])).toBe('How do I rebase my branch?');
    // Only whole words: "ab" inside "abc" stays; a "$" in the word of the files is written as it is.
    expect(withNearestWords('ab abc ab.', [{ word: 'ab', nearest: 'x$&y' }])).toBe('x$&y abc x$&y.');
    expect(withNearestWords('What is my passport number?', [{ word: 'passport' }])).toBeUndefined();
    expect(withNearestWords('anything', undefined)).toBeUndefined();
    // A word's characters are read as written, never as a pattern.
    expect(withNearestWords('a (b) c a.b', [{ word: '(b)', nearest: 'd' }, { word: 'a.b', nearest: 'e' }])).toBe('a d c e');
  });
});
