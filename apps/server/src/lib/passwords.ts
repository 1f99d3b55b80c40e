import { hash, verify } from '@node-rs/argon2';
import { Semaphore } from './semaphore.ts';

/** argon2id at OWASP's minimum: m=19456 KiB, t=2, p=1 (the library's defaults, made explicit). */
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Always does the work, so an unknown account costs the same time as a wrong password. */
  verify(hashed: string | null, password: string): Promise<boolean>;
}

/**
 * Hashing runs on libuv's thread pool, off the event loop. A semaphore keeps a login flood from
 * taking every core away from the requests that need none.
 */
export async function createPasswordHasher(concurrency: number): Promise<PasswordHasher> {
  const gate = new Semaphore(concurrency);
  const dummyHash = await hash('not-a-real-password-0000', OPTIONS);
  return {
    hash: (password) => gate.run(() => hash(password, OPTIONS)),
    verify: (hashed, password) =>
      gate.run(async () => {
        const ok = await verify(hashed ?? dummyHash, password).catch(() => false);
        return hashed !== null && ok;
      }),
  };
}
