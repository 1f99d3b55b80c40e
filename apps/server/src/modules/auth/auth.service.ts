import { type LOGIN_OUTCOMES, MESSAGES, type LoginRequest } from '@app/contracts';
import type { z } from 'zod';
import type { registerRequestSchema } from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { writeTogether } from '../../db/write-together.ts';
import { AppError } from '../../lib/app-error.ts';
import { refuseBreachedPassword } from '../../lib/breached-passwords.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import { Semaphore } from '../../lib/semaphore.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { OutboxService } from '../mail/index.ts';
import type { SessionService } from '../sessions/index.ts';
import type { SecurityMailer, UserRow, UsersService } from '../users/index.ts';
import type { AuthRateLimits } from './auth-rate-limits.ts';
import { countryOf, placeOf } from '../../lib/geo-place.ts';
import { describeDevice, deviceOf } from '../../lib/user-agent.ts';
import type { Principal } from '../../plugins/access.ts';
import { loginEventsRepository } from './login-events.repository.ts';
import type { MfaService } from './mfa.service.ts';
import { passwordResetsRepository } from './password-resets.repository.ts';
import { resetPasswordMail } from './reset-password-mail.ts';
import type { MailLocale } from '../../lib/mail-render.ts';
import { mailLocaleOf } from '../../lib/security-mails.ts';

export interface ClientMeta {
  ip: string;
  userAgent?: string;
}

/** The queue of `recover`'s work. */
export const SEND_RESET_LINK = 'auth.send-reset-link';
export interface ResetLinkJob {
  email: string;
  /** The language the requesting browser asked for: the mail's, unless the profile names one. */
  locale?: MailLocale;
}

const RESET_TTL_MS = 60 * 60_000;
const LOGIN_HISTORY_SIZE = 50;
type LoginOutcome = (typeof LOGIN_OUTCOMES)[number];
const RESET_MAIL_INTERVAL_MS = 60_000;

export class AuthService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      passwords: PasswordHasher;
      sessions: SessionService;
      users: UsersService;
      limits: AuthRateLimits;
      mfa: MfaService;
      mailer?: SecurityMailer;
      outbox: OutboxService;
      jobs: Jobs;
      publicUrl: string;
      /** Logins worked on at once, from the first query to the last; the rest wait their turn. */
      loginConcurrency: number;
    },
  ) {
    this.loginGate = new Semaphore(deps.loginConcurrency);
  }

  /**
   * A login flood must lengthen logins, not every request: without a bound, dozens of logins queue
   * their queries at once, and on the embedded database (in this thread) those run back to back
   * while session checks and reads wait. Admitting as many logins as can hash at once bounds that
   * stall (measured: verify-token's p99 during a flood fell from 2.1–5.2× its idle p99 to 1.04×).
   */
  private readonly loginGate: Semaphore;

  login(input: LoginRequest, meta: ClientMeta) {
    return this.loginGate.run(() => this.loginNow(input, meta));
  }

  private async loginNow(input: LoginRequest, meta: ClientMeta) {
    const { db, passwords, sessions, users, limits } = this.deps;
    const email = input.email.toLowerCase();
    const event = (outcome: LoginOutcome, userId?: string) => ({
      userId,
      email,
      outcome,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300),
      geolocation: input.userGeolocation ?? null,
      createdAt: this.deps.clock.now(),
    });
    const record = (outcome: LoginOutcome, userId?: string, tx: Db | Tx = db) =>
      loginEventsRepository.insert(tx, event(outcome, userId));
    const recordQuery = (outcome: LoginOutcome, userId?: string) =>
      loginEventsRepository.insertQuery(db, event(outcome, userId));

    const check = await limits.login(meta.ip, email);
    if (check.refusal) {
      // Named in the account's own history (one indexed read); the answer is the same either way.
      const owner = await users.findByEmail(email);
      await record('rate_limited', owner?.id);
      throw check.refusal;
    }
    const user = await users.findByEmail(email);
    const ok = await passwords.verify(user?.passwordHash ?? null, input.password);
    if (!user || !ok || user.deletedAt) {
      await Promise.all([limits.loginFailed(email, user?.id ?? null), record('invalid_credentials', user?.id)]);
      throw new AppError('INVALID_CREDENTIALS', 401, MESSAGES.invalidCredentials);
    }
    if (user.status === 'suspended') {
      await record('suspended', user.id);
      throw new AppError('ACCOUNT_SUSPENDED', 403, MESSAGES.suspended);
    }
    const geolocation = input.userGeolocation ?? null;
    if (user.mfaEnabledAt) {
      // The password was right; the session waits for the second factor (POST /api/auth/login/mfa).
      const mfaToken = await db.transaction(async (tx) => {
        const token = await this.deps.mfa.startLogin(tx, user.id, { ...meta, geolocation });
        await record('mfa_required', user.id, tx);
        return token;
      });
      await limits.loginSucceeded(email, check);
      return { mfaRequired: true as const, mfaToken, status: 200 as const };
    }
    const newDevice = await this.isNewDevice(user.id, meta, geolocation);
    const opened = { ...meta, geolocation };
    let session: { token: string; expiresAt: Date };
    if (newDevice) {
      session = await db.transaction(async (tx) => {
        const s = await sessions.create(tx, user.id, opened);
        await this.tellNewDevice(tx, user, meta, geolocation);
        await record('success', user.id, tx);
        return s;
      });
      // Only when a mail was queued: a delivery job per sign-in cost more than the sign-in's own writes.
      this.deps.mailer?.notify();
    } else {
      // The usual sign-in: the session and its login event in one round trip (decision 034).
      const { insert, ...opening } = sessions.prepare(db, user.id, opened);
      await writeTogether(db, [insert, recordQuery('success', user.id)]);
      session = opening;
    }
    await limits.loginSucceeded(email, check);
    return { accessToken: session.token, expiresAt: session.expiresAt.toISOString(), status: 200 as const };
  }

  /**
   * The second step: the login's mfaToken (single-use, 5 minutes) and a TOTP or recovery code. A
   * wrong code leaves the token usable until it expires; attempts are limited per account.
   */
  async loginMfa(mfaToken: string, code: string, meta: ClientMeta) {
    const { db, clock, sessions, users, limits, mfa } = this.deps;
    const step = await mfa.openLogin(mfaToken);
    const user = await users.findById(step.userId);
    if (!user || user.deletedAt)
      throw new AppError('MFA_TOKEN_INVALID', 401, 'This sign-in has expired. Please sign in again.');
    const record = (outcome: LoginOutcome, tx: Db | Tx = db) =>
      loginEventsRepository.insert(tx, {
        userId: user.id,
        email: user.email,
        outcome,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 300),
        geolocation: step.geolocation ?? null,
        createdAt: clock.now(),
      });
    const refusal = await limits.mfa(user.id);
    if (refusal) {
      await record('rate_limited');
      throw refusal;
    }
    if (user.status === 'suspended') throw new AppError('ACCOUNT_SUSPENDED', 403, MESSAGES.suspended);
    let session: { token: string; expiresAt: Date };
    try {
      const newDevice = await this.isNewDevice(user.id, meta, step.geolocation);
      session = await db.transaction(async (tx) => {
        await mfa.finishLogin(tx, step.id, user, code);
        const s = await sessions.create(tx, user.id, { ...meta, geolocation: step.geolocation });
        if (newDevice) await this.tellNewDevice(tx, user, meta, step.geolocation);
        await record('success', tx);
        return s;
      });
      if (newDevice) this.deps.mailer?.notify();
    } catch (error) {
      if (error instanceof AppError && error.code === 'INVALID_MFA_CODE') await record('mfa_failed');
      throw error;
    }
    await limits.mfaSucceeded(user.id);
    return { accessToken: session.token, expiresAt: session.expiresAt.toISOString(), status: 200 as const };
  }

  /**
   * Whether a sign-in comes from a browser or a country not seen in the account's recent
   * successful sign-ins, and is to be told to the account's address (only when mail is sent). The
   * very first sign-in is not news.
   */
  private async isNewDevice(userId: string, meta: ClientMeta, geolocation: unknown): Promise<boolean> {
    if (!this.deps.mailer) return false;
    const previous = await loginEventsRepository.recentSuccesses(this.deps.db, userId, 50);
    if (previous.length === 0) return false;
    const device = describeDevice(meta.userAgent);
    const country = countryOf(geolocation);
    const knownDevice = previous.some((p) => describeDevice(p.userAgent ?? undefined) === device);
    const knownCountry = country === null || previous.some((p) => countryOf(p.geolocation) === country);
    return !(knownDevice && knownCountry);
  }

  /** Queues the new-sign-in mail, in the sign-in's transaction. */
  private async tellNewDevice(tx: Tx, user: UserRow, meta: ClientMeta, geolocation: unknown): Promise<void> {
    await this.deps.mailer?.send(tx, user, {
      kind: 'new_sign_in',
      when: this.deps.clock.now(),
      device: deviceOf(meta.userAgent),
      ip: meta.ip,
      place: placeOf(geolocation),
    });
  }

  /** The signed-in person's last 50 login attempts. */
  async loginHistory(principal: Principal) {
    const rows = await loginEventsRepository.recent(this.deps.db, principal.userId, LOGIN_HISTORY_SIZE);
    return {
      items: rows.map((r) => ({
        id: r.id,
        outcome: r.outcome,
        ip: r.ip,
        userAgent: r.userAgent,
        place: placeOf(r.geolocation),
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  async register(input: z.output<typeof registerRequestSchema>, meta: ClientMeta, language?: MailLocale) {
    if (input.role !== 'USER') {
      throw new AppError('ROLE_NOT_ALLOWED', 400, MESSAGES.roleNotAllowed);
    }
    const refusal = await this.deps.limits.register(meta.ip);
    if (refusal) throw refusal;
    await refuseBreachedPassword(input.password);
    if (await this.deps.users.findByEmail(input.email)) {
      throw new AppError('EMAIL_TAKEN', 409, MESSAGES.emailTaken);
    }
    const passwordHash = await this.deps.passwords.hash(input.password);
    const now = this.deps.clock.now();
    const created = await this.deps.users.create({
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      role: 'USER',
      passwordHash,
      ...(language ? { preferences: { language } } : {}),
      createdAt: now,
      updatedAt: now,
    });
    // The unique index decides a race between two registrations of one email.
    if (!created) throw new AppError('EMAIL_TAKEN', 409, MESSAGES.emailTaken);
    return { status: 200 as const, message: 'Registered' };
  }

  /**
   * Same answer, after the same work, whether or not the email exists: the request only queues a
   * job (`sendResetLink`), so its time says nothing about the address.
   */
  async recover(email: string, meta: ClientMeta, locale?: MailLocale) {
    const { limits, jobs } = this.deps;
    const refusal = await limits.recover(meta.ip, email.toLowerCase());
    if (refusal) throw refusal;
    const job: ResetLinkJob = { email: email.toLowerCase(), ...(locale ? { locale } : {}) };
    // A second later: the work (and, on the embedded database, its hold on this thread) does not
    // overlap the answer. One job per address waits or runs at a time across the cluster.
    await jobs.send(SEND_RESET_LINK, job, { startAfterSeconds: 1, singletonKey: job.email });
    return { status: 200 as const, message: MESSAGES.recoverSent };
  }

  /** The recover job: a reset link for an active account, at most one mail per account per minute. */
  async sendResetLink({ email, locale }: ResetLinkJob): Promise<void> {
    const { db, clock, users, outbox } = this.deps;
    const user = await users.findByEmail(email);
    if (user && user.status === 'active' && !user.deletedAt) {
      const now = clock.now();
      const latest = await passwordResetsRepository.latestFor(db, user.id);
      if (!latest || now.getTime() - latest.createdAt.getTime() >= RESET_MAIL_INTERVAL_MS) {
        const token = newToken();
        await db.transaction(async (tx) => {
          await passwordResetsRepository.voidOpen(tx, user.id, now);
          await passwordResetsRepository.insert(tx, {
            userId: user.id,
            tokenHash: hashToken(token),
            createdAt: now,
            expiresAt: new Date(now.getTime() + RESET_TTL_MS),
          });
          const link = `${this.deps.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
          // The profile's language first (chosen by the person), else the requesting browser's.
          const language = mailLocaleOf(user.preferences, locale);
          await outbox.enqueue(tx, {
            ...resetPasswordMail(language, user.email, user.firstName, link),
            userId: user.id,
          });
        });
        outbox.notify();
      }
    }
  }

  async reset(token: string, password: string, meta: ClientMeta) {
    const { db, clock, passwords, sessions, users, limits } = this.deps;
    const refusal = await limits.reset(meta.ip);
    if (refusal) throw refusal;
    await refuseBreachedPassword(password);
    const passwordHash = await passwords.hash(password);
    const done = await db.transaction(async (tx) => {
      const now = clock.now();
      const userId = await passwordResetsRepository.consume(tx, hashToken(token), now);
      if (!userId) return false;
      await users.setPassword(tx, userId, passwordHash, now);
      await sessions.revokeAllForUser(tx, userId, 'password_reset');
      return true;
    });
    if (!done) throw new AppError('INVALID_RESET_TOKEN', 400, MESSAGES.invalidResetToken);
    return { status: 200 as const, message: MESSAGES.passwordReset };
  }
}
