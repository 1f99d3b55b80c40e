import type { AppError } from '../../lib/app-error.ts';

/**
 * Throttles the checks of a signed-in user's current password (password change, email change): a
 * stolen session must not be a way to guess the password at hashing speed. The auth module, which
 * keeps the shared counters, plugs its limit in once it is built (`use`); until then nothing is
 * throttled.
 */
export class CurrentPasswordGate {
  private limit: {
    attempt(userId: string): Promise<AppError | null>;
    succeeded(userId: string): Promise<void>;
  } | null = null;

  use(limit: NonNullable<CurrentPasswordGate['limit']>): void {
    this.limit = limit;
  }

  /**
   * Runs `verify` unless this user has checked too often (then throws the 429); each check counts,
   * and a right password starts the count again.
   */
  async check(userId: string, verify: () => Promise<boolean>): Promise<boolean> {
    const refusal = await this.limit?.attempt(userId);
    if (refusal) throw refusal;
    const right = await verify();
    if (right) await this.limit?.succeeded(userId);
    return right;
  }
}
