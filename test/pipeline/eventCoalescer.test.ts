import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventCoalescer } from '../../src/pipeline/index/eventCoalescer.js';

afterEach(() => vi.useRealTimers());

describe('EventCoalescer', () => {
  it('turns a burst into one de-duplicated, sorted batch after the quiet period', () => {
    vi.useFakeTimers();
    const batches: string[][] = [];
    const c = new EventCoalescer((p) => batches.push(p), 300, 2000);
    for (const p of ['/b', '/a', '/b', '/c', '/a']) {
      c.add(p);
      vi.advanceTimersByTime(100);
    }
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(300);
    expect(batches).toEqual([['/a', '/b', '/c']]);
  });

  it('hands over at the latest after maxWait even while events keep coming', () => {
    vi.useFakeTimers();
    const batches: string[][] = [];
    const c = new EventCoalescer((p) => batches.push(p), 300, 1000);
    for (let i = 0; i < 15; i++) {
      c.add(`/f${i}`);
      vi.advanceTimersByTime(100);
    }
    expect(batches.length).toBe(1);
    expect(batches[0]!.length).toBe(10);
    vi.advanceTimersByTime(300);
    expect(batches.length).toBe(2);
    expect(batches.flat().length).toBe(15);
  });

  it('drops pending paths on dispose and never fires an empty batch', () => {
    vi.useFakeTimers();
    const flush = vi.fn();
    const c = new EventCoalescer(flush, 300, 1000);
    c.fire();
    c.add('/x');
    c.dispose();
    vi.advanceTimersByTime(5000);
    expect(flush).not.toHaveBeenCalled();
  });
});
