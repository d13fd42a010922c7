// One progress line per pass, as the Folders view shows it, and the back end's time left.
import { describe, expect, it } from 'vitest';
import { eta, progressLine } from '../../src/shared/progressWords.js';
import { FolderProgress, timeLeft } from '../../src/pipeline/index/folderProgress.js';

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

describe('one progress model (FolderProgress), shared by the back end and the CLI', () => {
  /** A clock the test moves, so no figure depends on how fast this machine runs. */
  const clock = (): { now: () => number; advance: (ms: number) => void } => {
    let t = 1_000_000;
    return { now: () => t, advance: (ms) => (t += ms) };
  };

  it('counts a text pass by files read, each pass timed at its own pace, and says when a pass begins or ends', () => {
    const c = clock();
    const p = new FolderProgress(c.now);
    expect(progressLine(p.snapshot())).toBe('Listing the files…');
    c.advance(60_000); // a long listing is no part of the reading pace
    expect(p.apply({ kind: 'scan-done', root: '/docs', files: 12, toRead: 10 })).toBe(true);
    for (let i = 1; i <= 4; i++) {
      expect(p.apply({ kind: 'reading', root: '/docs', path: `/docs/${i}.pdf` })).toBe(false);
      expect(p.snapshot().current).toBe(`/docs/${i}.pdf`);
      c.advance(1_000);
      // A changed file found unchanged after reading it was read too; a removed one was not.
      expect(p.apply({ kind: 'file', root: '/docs', path: `/docs/${i}.pdf`, outcome: i === 2 ? 'unchanged' : 'added', chunks: 3 })).toBe(false);
    }
    p.apply({ kind: 'file', root: '/docs', path: '/docs/old.pdf', outcome: 'removed', chunks: 0 });
    expect(p.snapshot()).toEqual({ state: 'reading', filesDone: 4, filesTotal: 10, chunks: 12, etaMs: 6_000, current: '/docs/4.pdf' });
    expect(progressLine(p.snapshot(), { brief: true })).toBe('4 of 10 files read · 12 passages · about 6 s left');

    for (let i = 5; i <= 10; i++) p.apply({ kind: 'file', root: '/docs', path: `/docs/${i}.pdf`, outcome: 'added', chunks: 1 });
    expect(p.snapshot()).toMatchObject({ filesDone: 10, etaMs: null });
    expect(p.snapshot().current).toBeUndefined(); // nothing is being read once the last file is done
    c.advance(30_000);
    expect(p.apply({ kind: 'embed-progress', done: 0, total: 100 })).toBe(true);
    expect(p.snapshot()).toMatchObject({ state: 'embedding', filesDone: 0, filesTotal: 100, etaMs: null });
    expect(p.snapshot().current).toBeUndefined();
    c.advance(4_000);
    expect(p.apply({ kind: 'embed-progress', done: 8, total: 100 })).toBe(false);
    expect(p.snapshot().etaMs).toBe(46_000);
    expect(p.apply({ kind: 'embed-progress', done: 100, total: 100 })).toBe(true);
    p.finish();
    expect(p.snapshot()).toMatchObject({ state: 'idle', etaMs: null });
    p.finish('the disk is full');
    expect(p.snapshot()).toMatchObject({ state: 'error', message: 'the disk is full' });
  });
});
