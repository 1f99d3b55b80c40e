import {
  usersCountCap,
  USERS_STATUS_UPDATED,
  type AdminUserListParams,
  type UserStatus,
  type createAdminUserRequestSchema,
  type updateAdminUserRequestSchema,
} from '@app/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { retryOnDeadlock } from '../../db/pg-errors.ts';
import { fieldError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { placeOf } from '../../lib/geo-place.ts';
import type { Principal } from '../../plugins/access.ts';
import { recordAudit } from '../audit/index.ts';
import type { OutboxService } from '../mail/index.ts';
import { cancelPendingOrdersOf, type CancelledOrder } from '../orders/index.ts';
import type { SessionService } from '../sessions/index.ts';
import { anonymiseRecords } from './anonymise-records.ts';
import type { SecurityMailer } from './security-mailer.ts';
import { followNewAddress, SET_PASSWORD_PENDING, sendInvitation } from './invitation.ts';
import { toAdminUser, toAdminUserDetail } from './users-admin.dto.ts';
import { usersAdminRepository as repo, type AdminListFilter, type AdminSort } from './users-admin.repository.ts';
import { usersCsv } from './users-csv.ts';
import { toPublicUser } from './users.dto.ts';
import { usersRepository } from './users.repository.ts';

type CreateInput = z.output<typeof createAdminUserRequestSchema>;
type UpdateInput = z.output<typeof updateAdminUserRequestSchema>;

const emailTaken = () => fieldError('EMAIL_TAKEN', 409, 'email', 'A user with this email already exists');
const lastAdmin = (field: string) =>
  fieldError('CONFLICT', 409, field, 'This would leave no active ADMIN: make another user ADMIN first');
// 409, not 403: the web app ends the session on any 403, and the admin asking keeps theirs.
const notYourself = (field: string, what: string) => fieldError('CONFLICT', 409, field, `You cannot ${what} yourself`);

/** The users screen: the list and export, bulk status, create, edit, anonymise, a user's sessions and sign-ins. */
export class UsersAdminService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      sessions: SessionService;
      outbox: OutboxService;
      mailer: SecurityMailer;
      publicUrl: string;
      /** Where counting stops (usersCountCap); tests set a small one. */
      countCap?: number;
    },
  ) {}

  private readonly anonymisedListeners: ((cancelledOrders: readonly CancelledOrder[]) => Promise<void>)[] = [];

  /**
   * Called after an erasure has committed, with the pending orders it cancelled: the orders module
   * (registered after this one) closes their payment pages, as a staff cancel does.
   */
  afterAnonymise(listener: (cancelledOrders: readonly CancelledOrder[]) => Promise<void>): void {
    this.anonymisedListeners.push(listener);
  }

  async list(q: AdminUserListParams) {
    const { db } = this.deps;
    const cap = this.deps.countCap ?? usersCountCap(q);
    const offset = (q.page - 1) * q.pageSize;
    const rows = await repo.page(db, q, q.pageSize, offset);
    // A page that is not full is the last one: the total is known without counting (most searches
    // end on their first page). An empty page past the first may lie past the end: count.
    const last = rows.length < q.pageSize && (rows.length > 0 || q.page === 1);
    const counted = last ? offset + rows.length : await repo.count(db, q, cap);
    const totalCapped = !last && counted > cap;
    // Never less than the rows up to this page (a page past the cap can still be asked for).
    const total = Math.max(Math.min(counted, cap), offset + rows.length);
    const counts = await repo.accountCounts(
      db,
      rows.map((r) => r.id),
    );
    return {
      items: rows.map((r) => toAdminUser(r, counts.get(r.id))),
      total,
      totalCapped,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  exportCsv(q: AdminListFilter & AdminSort): AsyncIterable<string> {
    return usersCsv(this.deps.db, q);
  }

  async get(userId: string) {
    const row = await repo.findDetail(this.deps.db, userId);
    if (!row) throw notFound('user');
    const counts = await repo.accountCounts(this.deps.db, [row.id]);
    return { user: toAdminUserDetail(row, counts.get(row.id)) };
  }

  /**
   * Active or Suspended for a selection, all or nothing. Suspension ends the users' sessions at once
   * (their next request is a 403 with the suspension message). One's own status and the last active
   * ADMIN are refused, naming `userIds`.
   */
  async bulkStatus(actor: Principal, userIds: string[], status: UserStatus) {
    const changed = await this.changeStatuses(actor, [...new Set(userIds)], status, 'userIds');
    return { status: 200 as const, message: USERS_STATUS_UPDATED, updated: changed.length };
  }

  /**
   * PATCH /api/admin/users/{userId}/status: one user, with the same rules as the bulk change (not
   * oneself, never the last active ADMIN); answers the user as it is now.
   */
  async setStatus(actor: Principal, userId: string, status: UserStatus) {
    await this.changeStatuses(actor, [userId], status, 'userId');
    const user = await usersRepository.findById(this.deps.db, userId);
    return { user: toPublicUser(user!) };
  }

  /**
   * Active or Suspended for `ids`, in one transaction: the active ADMINs' rows are locked first, so
   * two changes at once cannot both pass the last-ADMIN check. Suspension ends the users' sessions.
   * Returns the users whose status changed; `field` is the request field the errors name.
   */
  private async changeStatuses(actor: Principal, ids: string[], status: UserStatus, field: string) {
    const { db, clock, sessions } = this.deps;
    if (ids.includes(actor.userId)) throw notYourself(field, 'change the status of');
    const now = clock.now();
    const changed = await db.transaction(async (tx) => {
      const admins = await repo.lockActiveAdmins(tx);
      const rows = await repo.lockUsers(tx, ids);
      if (rows.filter((r) => !r.deletedAt).length !== ids.length) {
        throw fieldError('NOT_FOUND', 404, field, 'A selected user does not exist or was anonymised');
      }
      const suspendsAdmin = admins.some((id) => ids.includes(id));
      if (status === 'suspended' && suspendsAdmin && admins.every((id) => ids.includes(id))) throw lastAdmin(field);
      const updated = await repo.setStatuses(tx, ids, status, now);
      for (const id of updated) {
        if (status === 'suspended') await sessions.revokeAllForUser(tx, id, 'suspended');
        else await sessions.notifyChanged(tx, id);
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'user.status',
          targetType: 'user',
          targetId: id,
          before: { status: rows.find((r) => r.id === id)?.status },
          after: { status },
          at: now,
        });
      }
      return updated;
    });
    for (const id of changed) sessions.forgetUser(id);
    return changed;
  }

  /**
   * A new user of any role (the only way to make staff; ADMIN only). No password: the user gets a
   * set-password link by mail, in the language chosen for them, valid SET_PASSWORD_TTL_DAYS days.
   */
  async create(actor: Principal, input: CreateInput) {
    const { db, clock, outbox } = this.deps;
    if (input.role !== 'USER' && actor.role !== 'ADMIN') {
      throw fieldError('ROLE_NOT_ALLOWED', 403, 'role', 'Only an ADMIN may grant a staff role');
    }
    const now = clock.now();
    const id = await db.transaction(async (tx) => {
      if (await repo.emailTaken(tx, input.email)) throw emailTaken();
      const user = await repo.insertUser(tx, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        status: input.status,
        // Unusable until the link is used: no password verifies against it.
        passwordHash: SET_PASSWORD_PENDING,
        preferences: { language: input.language },
        createdAt: now,
        updatedAt: now,
      });
      if (!user) throw emailTaken();
      await sendInvitation(tx, this.deps, user, input.language, now);
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'user.create',
        targetType: 'user',
        targetId: user.id,
        after: {
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          role: user.role,
          status: user.status,
        },
        at: now,
      });
      return user.id;
    });
    outbox.notify();
    return this.get(id);
  }

  /**
   * Names, email, role and status. Staff roles are granted by ADMIN only; nobody changes their own
   * role or status, and the last active ADMIN stays one. A role or status change reaches the user's
   * sessions at once.
   */
  async update(actor: Principal, userId: string, input: UpdateInput) {
    const { db, clock, sessions } = this.deps;
    const now = clock.now();
    await db.transaction(async (tx) => {
      const admins = await repo.lockActiveAdmins(tx);
      const [before] = await repo.lockUsers(tx, [userId]);
      if (!before || before.deletedAt) throw notFound('user');
      const roleChanged = before.role !== input.role;
      const statusChanged = before.status !== input.status;
      if (roleChanged && input.role !== 'USER' && actor.role !== 'ADMIN') {
        throw fieldError('ROLE_NOT_ALLOWED', 403, 'role', 'Only an ADMIN may grant a staff role');
      }
      if (before.id === actor.userId && roleChanged) throw notYourself('role', 'change the role of');
      if (before.id === actor.userId && statusChanged) throw notYourself('status', 'change the status of');
      const losesAdmin =
        before.role === 'ADMIN' && before.status === 'active' && (input.role !== 'ADMIN' || input.status !== 'active');
      if (losesAdmin && admins.every((id) => id === before.id)) {
        throw lastAdmin(input.role !== 'ADMIN' ? 'role' : 'status');
      }
      const emailChanged = before.email !== input.email;
      // One's own address changes in the profile, where the new one is confirmed by a link.
      if (before.id === actor.userId && emailChanged) throw notYourself('email', 'change the email address of');
      if (emailChanged && (await repo.emailTaken(tx, input.email, before.id))) throw emailTaken();
      await repo.update(tx, before.id, input, now);
      if (statusChanged && input.status === 'suspended') await sessions.revokeAllForUser(tx, before.id, 'suspended');
      else if (emailChanged) await sessions.revokeAllForUser(tx, before.id, 'email_changed');
      else await sessions.notifyChanged(tx, before.id);
      if (emailChanged) await followNewAddress(tx, this.deps, before, input.email, now);
      const pick = (u: UpdateInput) => ({
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        role: u.role,
        status: u.status,
      });
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'user.update',
        targetType: 'user',
        targetId: before.id,
        before: pick(before),
        after: pick(input),
        at: now,
      });
    });
    sessions.forgetUser(userId);
    this.deps.outbox.notify();
    return this.get(userId);
  }

  /**
   * GDPR erasure (the repository's `anonymise`, and `anonymiseRecords` for the copies in orders,
   * payouts, mails and audit entries; decision 028): the record stays, anonymous, for the orders,
   * payouts and certificates it holds; its pending orders are cancelled. Not oneself, not the last
   * active ADMIN. The audit entry keeps no personal data either.
   */
  async anonymise(actor: Principal, userId: string) {
    const { db, clock, sessions } = this.deps;
    if (userId === actor.userId) throw notYourself('userId', 'anonymise');
    const now = clock.now();
    // It locks the person, then their orders and discount uses: a payment or checkout in flight for
    // them can deadlock with it; the database aborts one side, and this side simply runs again.
    const cancelled = await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        const admins = await repo.lockActiveAdmins(tx);
        const [before] = await repo.lockUsers(tx, [userId]);
        if (!before) throw notFound('user');
        if (before.deletedAt) throw fieldError('CONFLICT', 409, 'userId', 'This user is already anonymised');
        if (admins.length === 1 && admins[0] === userId) throw lastAdmin('userId');
        const tag = userId.replaceAll('-', '').slice(0, 12);
        const anonymous = {
          email: `deleted-${tag}@anonymised.invalid`,
          firstName: 'Anonymised',
          lastName: `User ${tag.slice(0, 6)}`,
        };
        await sessions.revokeAllForUser(tx, userId, 'suspended');
        // Nothing is delivered to an erased person: a payment arriving later finds the order closed.
        const orders = await cancelPendingOrdersOf(tx, {
          actorId: actor.userId,
          userId,
          reason: 'The buyer was anonymised',
          at: now,
        });
        // First: it finds the person's past addresses in what the user row's erasure rewrites.
        await anonymiseRecords(tx, userId, anonymous);
        await repo.anonymise(tx, userId, anonymous, now);
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'user.anonymise',
          targetType: 'user',
          targetId: userId,
          before: { role: before.role, status: before.status, anonymised: false },
          after: { role: before.role, status: 'suspended', anonymised: true },
          at: now,
        });
        return orders;
      }),
    );
    sessions.forgetUser(userId);
    for (const listener of this.anonymisedListeners) await listener(cancelled);
    return this.get(userId);
  }

  async loginEvents(userId: string) {
    await this.requireUser(userId);
    const rows = await repo.loginEvents(this.deps.db, userId, 100);
    return {
      items: rows.map((r) => ({
        id: r.id,
        createdAt: r.createdAt.toISOString(),
        outcome: r.outcome,
        ip: r.ip,
        userAgent: r.userAgent,
        place: placeOf(r.geolocation),
      })),
    };
  }

  async sessions(userId: string) {
    await this.requireUser(userId);
    const rows = await repo.activeSessions(this.deps.db, userId, this.deps.clock.now());
    return {
      items: rows.map((r) => ({
        id: r.id,
        userAgent: r.userAgent,
        ip: r.ip,
        place: placeOf(r.geolocation),
        createdAt: r.createdAt.toISOString(),
        lastSeenAt: r.lastSeenAt.toISOString(),
      })),
    };
  }

  /** Signs one of the user's sessions out; the person sees "signed out from another device". */
  async revokeSession(actor: Principal, userId: string, sessionId: string) {
    const { db, clock, sessions } = this.deps;
    const now = clock.now();
    const done = await db.transaction(async (tx) => {
      const ok = await repo.revokeSession(tx, userId, sessionId, now);
      if (!ok) return false;
      await sessions.notifyChanged(tx, userId);
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'user.session_revoke',
        targetType: 'user',
        targetId: userId,
        after: { sessionId },
        at: now,
      });
      return true;
    });
    if (!done) throw notFound('session');
    sessions.forgetUser(userId);
    return { status: 200 as const, message: 'Signed out' };
  }

  private async requireUser(userId: string): Promise<void> {
    if (!(await repo.findDetail(this.deps.db, userId))) throw notFound('user');
  }
}
