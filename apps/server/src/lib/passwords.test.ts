import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism, getPriority } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordHasher, type PasswordHasher } from './passwords.ts';

describe('password hashing', () => {
  let hasher: PasswordHasher;
  beforeAll(async () => {
    hasher = await createPasswordHasher(2);
  });
  afterAll(() => hasher.close());

  it('hashes with argon2id at m=19456, t=2, p=1 and verifies', async () => {
    const h = await hasher.hash('Secret123!');
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(h, 'Secret123!')).toBe(true);
    expect(await hasher.verify(h, 'Secret123?')).toBe(false);
  });

  it('answers false for a missing hash, after doing the same work', async () => {
    expect(await hasher.verify(null, 'not-a-real-password-0000')).toBe(false);
  });

  it('answers false for a corrupt hash instead of failing', async () => {
    expect(await hasher.verify('not a hash', 'x')).toBe(false);
  });

  it('runs in a separate process at the lowest CPU priority', () => {
    expect(hasher.workerPid).toBeGreaterThan(0);
    expect(hasher.workerPid).not.toBe(process.pid);
    expect(getPriority(hasher.workerPid!)).toBe(19);
  });

  it.runIf(availableParallelism() > 1 && existsSync('/usr/bin/taskset'))('keeps hashing on the last core', () => {
    const out = execFileSync('taskset', ['-p', '-c', String(hasher.workerPid)], { encoding: 'utf8' });
    expect(out.trim().split(': ').at(-1)).toBe(String(availableParallelism() - 1));
  });

  it('hashes many at once without mixing answers up', async () => {
    const passwords = Array.from({ length: 6 }, (_, i) => `Pass${i}word!`);
    const hashes = await Promise.all(passwords.map((p) => hasher.hash(p)));
    const checks = await Promise.all(hashes.map((h, i) => hasher.verify(h, passwords[i]!)));
    expect(checks).toEqual(passwords.map(() => true));
    expect(await hasher.verify(hashes[0]!, passwords[1]!)).toBe(false);
  });
});
