import { describe, expect, it } from 'vitest';
import { CONTEXT_CHARS, quoteContext, withContext } from '../../src/pipeline/answer/citationContext.js';

const words = (n: number, w: string): string => Array.from({ length: n }, (_, i) => `${w}${i}`).join(' ');

describe('a cited sentence in its context', () => {
  it('gives the passage around the quote, whitespace as read, cut at a word on a long side', () => {
    const passage = `Title line\n\n${words(80, 'before')} The default port is 5432.\nIt can be changed with -p. ${words(80, 'after')}`;
    const c = quoteContext('The default port is 5432. It can be changed with -p.', passage)!;
    expect(c.before.startsWith('…before')).toBe(true);
    expect(c.before.endsWith('before79 ')).toBe(true);
    expect(c.after.startsWith(' after0')).toBe(true);
    expect(c.after.endsWith('…')).toBe(true);
    expect(c.before.length).toBeLessThanOrEqual(CONTEXT_CHARS + 1);
    expect(c.after.length).toBeLessThanOrEqual(CONTEXT_CHARS + 1);
    expect(quoteContext('Short passage.', 'Short passage.')).toEqual({ before: '', after: '' });
    expect(quoteContext('It costs 45 euro.', '## Price\nIt costs 45 euro.')).toEqual({ before: 'Price ', after: '' });
  });

  it('finds a quote that joins two sentences a fragment separated, and none for words the passage does not hold', () => {
    const long = 'The checkpoint_timeout parameter sets the maximum time between automatic WAL checkpoints, in seconds.';
    const passage = `${long} (integer) The default is five minutes. More text.`;
    expect(quoteContext(`${long} The default is five minutes.`, passage)).toEqual({ before: '', after: ' More text.' });
    expect(quoteContext('A model wrote this paraphrase.', passage)).toBeUndefined();
    expect(quoteContext('', passage)).toBeUndefined();
  });

  it('finds a quote opened with its section title, one that runs on into the next passage and one begun in the previous', () => {
    const passage = 'work_mem (integer)\nSets the base maximum amount of memory. The default value is four megabytes (4MB). Next.';
    expect(quoteContext('work_mem (integer): The default value is four megabytes (4MB).', passage)).toEqual({ before: 'work_mem (integer) Sets the base maximum amount of memory. ', after: ' Next.' });
    const cut = 'Each request is logged. The default timeout for an idle connection is';
    expect(quoteContext('The default timeout for an idle connection is ninety seconds, after which it closes.', cut)).toEqual({ before: 'Each request is logged. ', after: '' });
    expect(quoteContext('Weights, when given, determine how much each point counts. More.', 'determine how much each point counts. More. Rest.')).toEqual({ before: '', after: ' Rest.' });
    // A quote shown in part ("… part …") is found by its words.
    expect(quoteContext('… b c d e f g h i j k l m n o p q r s t u v w …', 'a b c d e f g h i j k l m n o p q r s t u v w x y z')).toEqual({ before: 'a ', after: ' x y z' });
    // Words the passage does not end with are no run-on.
    expect(quoteContext('The default timeout for an idle connection is long.', `${cut} ninety seconds.`)).toBeUndefined();
  });

  it('adds context only to the citations whose fact and passage it has', () => {
    const fact = { quote: 'It is 42.', path: '/a.md', page: null, chunkId: 7, score: 1, coverage: 1 };
    const out = withContext([{ path: '/a.md', page: null, quote: 'It is 42.' }, { path: '/b.md', page: 2, quote: 'Other.' }], [fact], new Map([[7, 'The answer. It is 42. Done.']]));
    expect(out[0]).toEqual({ path: '/a.md', page: null, quote: 'It is 42.', context: { before: 'The answer. ', after: ' Done.' } });
    expect(out[1]).toEqual({ path: '/b.md', page: 2, quote: 'Other.' });
  });
});
