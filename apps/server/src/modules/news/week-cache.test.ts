import { describe, expect, it } from 'vitest';
import { WeekCache } from './week-cache.ts';

function setup(ttlMs = 60_000) {
  let now = 0;
  let reads = 0;
  const cache = new WeekCache(ttlMs, () => now);
  const read = (text: string) => async () => {
    reads++;
    return text;
  };
  return { cache, read, reads: () => reads, advance: (ms: number) => (now += ms) };
}

describe('WeekCache', () => {
  it('answers a key from memory until its TTL ends', async () => {
    const c = setup();
    expect(await c.cache.get('w', c.read('a'))).toBe('a');
    expect(await c.cache.get('w', c.read('b'))).toBe('a');
    expect(c.reads()).toBe(1);
    c.advance(60_000);
    expect(await c.cache.get('w', c.read('b'))).toBe('b');
    expect(c.reads()).toBe(2);
  });

  it('forgets everything on a write, and does not store a read that began before the write', async () => {
    const c = setup();
    await c.cache.get('w', c.read('old'));
    c.cache.forget();
    expect(await c.cache.get('w', c.read('new'))).toBe('new');
    // A read in flight when the calendar changes: answered, but not kept.
    let release!: (v: string) => void;
    const slow = c.cache.get('x', () => new Promise<string>((r) => (release = r)));
    c.cache.forget();
    release('before the write');
    expect(await slow).toBe('before the write');
    expect(await c.cache.get('x', c.read('after the write'))).toBe('after the write');
  });

  it('keeps nothing while notifications may be missed, nor with a TTL of 0', async () => {
    const c = setup();
    await c.cache.get('w', c.read('a'));
    c.cache.lost();
    expect(await c.cache.get('w', c.read('b'))).toBe('b');
    expect(await c.cache.get('w', c.read('c'))).toBe('c');
    expect(c.cache.size).toBe(0);
    c.cache.restored();
    expect(await c.cache.get('w', c.read('d'))).toBe('d');
    expect(await c.cache.get('w', c.read('e'))).toBe('d');

    const off = setup(0);
    await off.cache.get('w', off.read('a'));
    expect(await off.cache.get('w', off.read('b'))).toBe('b');
  });

  it('holds at most 256 answers, the oldest leaving first', async () => {
    const c = setup();
    for (let i = 0; i < 300; i++) await c.cache.get(`k${i}`, c.read(String(i)));
    expect(c.cache.size).toBe(256);
    expect(await c.cache.get('k299', c.read('again'))).toBe('299');
    expect(await c.cache.get('k0', c.read('again'))).toBe('again');
  });
});
