// One progress line per pass, as the Folders view shows it, and the back end's time left.
import { describe, expect, it } from 'vitest';
import { eta, progressLine } from '../../src/renderer/progressWords.js';
import { timeLeft } from '../../src/server/backend.js';

const base = { folder: '/docs', chunks: 0, etaMs: null } as const;

describe('progress in words', () => {
  it('tells the text pass by files, with the file being read, and the vector pass by passages, each figure once', () => {
    expect(progressLine({ ...base, state: 'reading', filesDone: 0, filesTotal: 9, chunks: 0, current: '/docs/R-intro.pdf' })).toBe('0 of 9 files read · 0 passages · reading R-intro.pdf');
    expect(progressLine({ ...base, state: 'reading', filesDone: 1200, filesTotal: 25000, chunks: 14686, etaMs: 95_000 })).toBe('1,200 of 25,000 files read · 14,686 passages · about 2 min left');
    expect(progressLine({ ...base, state: 'embedding', filesDone: 1200, filesTotal: 14686, chunks: 14686, etaMs: 7_200_000 })).toBe('1,200 of 14,686 passages have meaning vectors · about 2 h left');
    expect(progressLine({ ...base, state: 'scanning', filesDone: 0, filesTotal: 0 })).toBe('Listing the files…');
  });

  it('gives a time left only once enough of a pass is done to tell its pace', () => {
    expect(timeLeft(10_000, 3, 100)).toBeNull();
    expect(timeLeft(10_000, 4, 100)).toBe(250_000);
    expect(timeLeft(10_000, 20, 0)).toBeNull();
    expect(timeLeft(8_000, 4, 100, 8)).toBeNull();
    expect(eta(null)).toBe('');
    expect(eta(42_000)).toBe('about 42 s left');
    expect(eta(9 * 60_000)).toBe('about 9 min left');
  });
});
