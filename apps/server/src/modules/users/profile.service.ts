import { preferencesInputSchema, type Preferences } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailChanges } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Principal } from '../../plugins/access.ts';
import type { SessionService } from '../sessions/index.ts';
import { usersRepository, type UserRow } from './users.repository.ts';

/**
 * What is stored is re-read through the schema: a retired mail kind is dropped, not served; a set
 * the schema no longer accepts at all counts as nothing chosen.
 */
export const storedPreferences = (raw: unknown): Preferences => {
  const parsed = preferencesInputSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : {};
};

/** The person's own profile: names, preferences, and what their security settings are. */
export class ProfileService {
  constructor(private readonly deps: { db: Db; clock: Clock; sessions: SessionService; staffMfaRequired: boolean }) {}

  async get(principal: Principal) {
    const user = await this.load(principal.userId);
    const now = this.deps.clock.now();
    const pending = await this.deps.db
      .select({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt, usedAt: emailChanges.usedAt })
      .from(emailChanges)
      .where(eq(emailChanges.userId, user.id));
    const open = pending.find((p) => !p.usedAt && p.expiresAt > now);
    return { profile: this.view(user, open?.newEmail ?? null) };
  }

  /** SPEC §5 name rules (the schema); the header shows the new name after the next user read. */
  async updateName(principal: Principal, firstName: string, lastName: string) {
    const user = await this.load(principal.userId);
    await usersRepository.setNames(this.deps.db, user.id, firstName, lastName, this.deps.clock.now());
    return this.get(principal);
  }

  /** Replaces the stored preferences (the body is the whole set). */
  async updatePreferences(principal: Principal, preferences: Preferences) {
    const user = await this.load(principal.userId);
    await usersRepository.setPreferences(this.deps.db, user.id, preferences, this.deps.clock.now());
    return this.get(principal);
  }

  /** Staff who must still enrol in two-factor sign-in. */
  mustEnrol(user: Pick<UserRow, 'role' | 'mfaEnabledAt'>): boolean {
    return this.deps.staffMfaRequired && user.role !== 'USER' && !user.mfaEnabledAt;
  }

  private view(user: UserRow, pendingEmail: string | null) {
    return {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      preferences: storedPreferences(user.preferences),
      mfaEnabled: user.mfaEnabledAt !== null,
      mfaRequired: this.mustEnrol(user),
      pendingEmail,
    };
  }

  private async load(userId: string): Promise<UserRow> {
    const user = await usersRepository.findById(this.deps.db, userId);
    if (!user || user.deletedAt) throw notFound('user');
    return user;
  }
}
