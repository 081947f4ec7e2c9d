import { describe, expect, it } from 'vitest';
import type { PrincipalRow } from './principal.ts';
import { principalCache } from './principal-cache.ts';

const row = (id: string, clientId: string, tokenVersion = 1): PrincipalRow => ({
  id,
  username: id,
  clientId,
  clientName: null,
  clientBlocked: false,
  clientStore: null,
  banned: false,
  emailConfirmed: true,
  tokenVersion,
  imageId: null,
  profileLanguage: 'es',
  roles: [],
  revokedFamilies: [],
});

/** A store of callers that counts its loads and can hold a load back until released. */
function source() {
  const data = new Map<string, PrincipalRow>([
    ['u1', row('u1', 'C1')],
    ['u2', row('u2', 'C1')],
    ['u3', row('u3', 'C2')],
  ]);
  let loads = 0;
  let hold: Promise<void> | null = null;
  return {
    data,
    get loads() {
      return loads;
    },
    holdNext() {
      let release!: () => void;
      hold = new Promise((r) => {
        release = r;
      });
      return release;
    },
    async load(id: string) {
      loads++;
      const snapshot = data.get(id) ?? null;
      const waiting = hold;
      hold = null;
      if (waiting) await waiting;
      return snapshot;
    },
  };
}

describe('principalCache', () => {
  it('loads every time until listening, then keeps callers until told of a change', async () => {
    const s = source();
    const cache = principalCache(s.load);
    await cache.get('u1');
    await cache.get('u1');
    expect(s.loads).toBe(2);
    cache.live(true);
    await cache.get('u1');
    await cache.get('u1');
    expect(s.loads).toBe(3);
    s.data.set('u1', row('u1', 'C1', 2));
    cache.changed('u:u1');
    expect((await cache.get('u1'))!.tokenVersion).toBe(2);
    expect(s.loads).toBe(4);
  });

  it('forgets the users of a client, everybody, and everything when listening stops', async () => {
    const s = source();
    const cache = principalCache(s.load);
    cache.live(true);
    for (const id of ['u1', 'u2', 'u3']) await cache.get(id);
    cache.changed('c:C1');
    expect(cache.size).toBe(1);
    await cache.get('u3');
    expect(s.loads).toBe(3);
    cache.changed('*');
    expect(cache.size).toBe(0);
    await cache.get('u3');
    cache.live(false);
    expect(cache.size).toBe(0);
    await cache.get('u3');
    await cache.get('u3');
    expect(s.loads).toBe(6);
  });

  it('does not keep a load that a change overtook, nor an unknown user', async () => {
    const s = source();
    const cache = principalCache(s.load);
    cache.live(true);
    const release = s.holdNext();
    const pending = cache.get('u1'); // reads the old row, then waits
    s.data.set('u1', { ...row('u1', 'C1'), banned: true });
    cache.changed('u:u1');
    release();
    expect((await pending)!.banned).toBe(false);
    expect((await cache.get('u1'))!.banned).toBe(true);
    expect(await cache.get('nobody')).toBeNull();
    expect(await cache.get('nobody')).toBeNull();
    expect(cache.size).toBe(1);
  });

  it('keeps at most maxEntries callers, dropping the oldest', async () => {
    const s = source();
    const cache = principalCache(s.load, 2);
    cache.live(true);
    for (const id of ['u1', 'u2', 'u3']) await cache.get(id);
    expect(cache.size).toBe(2);
    await cache.get('u1');
    expect(s.loads).toBe(4);
  });
});
