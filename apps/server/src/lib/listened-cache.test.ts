import { describe, expect, it } from 'vitest';
import { listenedCache } from './listened-cache.ts';

/** A load that counts its calls and answers only when released. */
function heldLoad(answer: () => string) {
  let calls = 0;
  const releases: (() => void)[] = [];
  return {
    get calls() {
      return calls;
    },
    release: () => releases.shift()!(),
    load: () => {
      calls++;
      const value = answer();
      return new Promise<string>((resolve) => releases.push(() => resolve(value)));
    },
  };
}

describe('listenedCache', () => {
  it('shares one load among the gets of a key under way at once', async () => {
    const cache = listenedCache<string>({ maxEntries: 10 });
    cache.live(true);
    const held = heldLoad(() => 'a');
    const both = Promise.all([cache.get('k', held.load), cache.get('k', held.load)]);
    held.release();
    expect(await both).toEqual(['a', 'a']);
    expect(held.calls).toBe(1);
    expect(await cache.get('k', held.load)).toBe('a');
    expect(held.calls).toBe(1);
  });

  it('does not share with later gets a load that a change overtook', async () => {
    const cache = listenedCache<string>({ maxEntries: 10 });
    cache.live(true);
    let value = 'old';
    const held = heldLoad(() => value);
    const first = cache.get('k', held.load);
    value = 'new';
    cache.forget();
    const second = cache.get('k', held.load);
    held.release();
    held.release();
    expect([await first, await second]).toEqual(['old', 'new']);
    expect(held.calls).toBe(2);
    expect(cache.size).toBe(1);
  });

  it('keeps an answer maxAgeMs at most', async () => {
    let now = 1_000;
    const cache = listenedCache<number>({ maxEntries: 10, maxAgeMs: 5_000, now: () => now });
    cache.live(true);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    now += 4_999;
    expect(await cache.get('k', load)).toBe(1);
    now += 1;
    expect(await cache.get('k', load)).toBe(2);
  });

  it('never keeps a failed load', async () => {
    const cache = listenedCache<string>({ maxEntries: 10 });
    cache.live(true);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.size).toBe(0);
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });
});
