import type { Db, Tx } from '../../db/client.ts';
import { AppError, fieldError, notFound, wrongCurrentPassword } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import {
  hashRecoveryCode,
  looksLikeRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  qrSvg,
  totpUri,
  verifyTotp,
} from '../../lib/totp.ts';
import type { Principal } from '../../plugins/access.ts';
import { recordAudit } from '../audit/index.ts';
import type { SessionService } from '../sessions/index.ts';
import type { SecurityMailer, UserRow, UsersService } from '../users/index.ts';
import type { CurrentPasswordGate } from '../users/index.ts';
import type { AuthRateLimits } from './auth-rate-limits.ts';
import { mfaRepository } from './mfa.repository.ts';

/** How long the login's mfaToken may wait for its code. */
export const MFA_TOKEN_TTL_MS = 5 * 60_000;

const invalidCode = () => new AppError('INVALID_MFA_CODE', 400, 'The code is incorrect or has expired');
const mfaState = (message: string) => new AppError('MFA_STATE', 409, message);

/** Two-factor sign-in (TOTP, RFC 6238): enrolment, recovery codes, the login step, staff reset. */
export class MfaService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      passwords: PasswordHasher;
      sessions: SessionService;
      users: UsersService;
      limits: AuthRateLimits;
      currentPassword: CurrentPasswordGate;
      issuer: string;
      /** Security mails (two-factor on or off), written in the change's transaction. */
      mailer?: SecurityMailer;
    },
  ) {}

  /** A new secret, kept pending until a code from it confirms; shown as text and as a QR code. */
  async setup(principal: Principal) {
    const user = await this.load(principal.userId);
    if (user.mfaEnabledAt) throw mfaState('Two-factor sign-in is already on');
    const secret = newTotpSecret();
    await mfaRepository.setPendingSecret(this.deps.db, user.id, secret, this.deps.clock.now());
    const otpauthUrl = totpUri(secret, this.deps.issuer, user.email);
    return { secret, otpauthUrl, qrSvg: await qrSvg(otpauthUrl) };
  }

  /** The first code turns two-factor on; the 10 recovery codes are shown this once and kept hashed. */
  async confirm(principal: Principal, code: string) {
    const { db, clock, sessions, limits } = this.deps;
    const user = await this.load(principal.userId);
    if (user.mfaEnabledAt) throw mfaState('Two-factor sign-in is already on');
    if (!user.mfaPendingSecret) throw mfaState('Start the set-up first');
    const refusal = await limits.mfa(user.id);
    if (refusal) throw refusal;
    const now = clock.now();
    const step = await verifyTotp(user.mfaPendingSecret, code.trim(), now.getTime(), null);
    if (step === null) throw invalidCode();
    const codes = newRecoveryCodes();
    const pending = user.mfaPendingSecret;
    await db.transaction(async (tx) => {
      if (!(await mfaRepository.enable(tx, user.id, pending, step, now))) {
        throw mfaState('Two-factor sign-in is already on');
      }
      await mfaRepository.insertRecoveryCodes(tx, user.id, codes.map(hashRecoveryCode), now);
      // Every other session proved the password alone: it ends, or turning two-factor on (after a
      // suspected break-in, or as staff to open the admin area) would keep an intruder's session
      // and even open the staff area to it. This one goes on: it has just proved a code.
      await sessions.revokeAllForUser(tx, user.id, 'revoked', principal.sessionId);
      await this.deps.mailer?.send(tx, user, { kind: 'mfa_enabled' });
    });
    sessions.forgetUser(user.id);
    this.deps.mailer?.notify();
    await limits.mfaSucceeded(user.id);
    return { recoveryCodes: codes };
  }

  /** Needs the password and a current code (or a recovery code). */
  async disable(principal: Principal, currentPassword: string, code: string) {
    const { db, clock, passwords, sessions, limits } = this.deps;
    const user = await this.load(principal.userId);
    // Throttled like every check of a current password: a stolen session must not guess it.
    if (!(await this.deps.currentPassword.check(user.id, () => passwords.verify(user.passwordHash, currentPassword)))) {
      throw wrongCurrentPassword();
    }
    if (!user.mfaEnabledAt) throw mfaState('Two-factor sign-in is not on');
    const refusal = await limits.mfa(user.id);
    if (refusal) throw refusal;
    await db.transaction(async (tx) => {
      if (!(await this.useCode(tx, user, code))) throw invalidCode();
      await mfaRepository.disable(tx, user.id, clock.now());
      await sessions.notifyChanged(tx, user.id);
      await this.deps.mailer?.send(tx, user, { kind: 'mfa_disabled' });
    });
    sessions.forgetUser(user.id);
    this.deps.mailer?.notify();
    await limits.mfaSucceeded(user.id);
    return { status: 200 as const, message: 'Two-factor sign-in is off' };
  }

  /** The login step after a right password: a single-use token for `completeLogin`. */
  async startLogin(
    tx: Db | Tx,
    userId: string,
    meta: { ip: string; userAgent?: string; geolocation: unknown },
  ): Promise<string> {
    const token = newToken();
    const now = this.deps.clock.now();
    await mfaRepository.insertChallenge(tx, {
      userId,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + MFA_TOKEN_TTL_MS),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300),
      geolocation: meta.geolocation ?? null,
    });
    return token;
  }

  /** The open login step behind a token, or 401. */
  async openLogin(mfaToken: string) {
    const row = await mfaRepository.openChallenge(this.deps.db, hashToken(mfaToken), this.deps.clock.now());
    if (!row) throw new AppError('MFA_TOKEN_INVALID', 401, 'This sign-in has expired. Please sign in again.');
    return row;
  }

  /**
   * Inside the transaction that creates the session: uses the login step and the code, each once.
   * Throws (rolling everything back) when either was used meanwhile.
   */
  async finishLogin(tx: Tx, challengeId: string, user: UserRow, code: string): Promise<void> {
    if (!(await this.useCode(tx, user, code))) throw invalidCode();
    if (!(await mfaRepository.consumeChallenge(tx, challengeId, this.deps.clock.now()))) {
      throw new AppError('MFA_TOKEN_INVALID', 401, 'This sign-in has expired. Please sign in again.');
    }
  }

  /** Whether a user has two-factor sign-in (staff read). */
  async status(userId: string) {
    const user = await this.load(userId);
    return { mfaEnabled: user.mfaEnabledAt !== null, enabledAt: user.mfaEnabledAt?.toISOString() ?? null };
  }

  /** ADMIN: turns a user's two-factor off (a lost phone) and ends their sessions; audit-logged. */
  async reset(actor: Principal, userId: string) {
    const { db, clock, sessions } = this.deps;
    // One's own second factor goes off only from the profile, with the password and a code: a
    // stolen staff token alone must not be able to remove it.
    if (actor.userId === userId) {
      throw fieldError('CONFLICT', 409, 'userId', 'Turn your own two-factor sign-in off from your profile');
    }
    const user = await this.load(userId);
    if (!user.mfaEnabledAt) throw mfaState('Two-factor sign-in is not on');
    const now = clock.now();
    await db.transaction(async (tx) => {
      await mfaRepository.disable(tx, user.id, now);
      await sessions.revokeAllForUser(tx, user.id, 'mfa_reset');
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'user.mfa_reset',
        targetType: 'user',
        targetId: user.id,
        before: { mfaEnabled: true },
        after: { mfaEnabled: false },
        at: now,
      });
      await this.deps.mailer?.send(tx, user, { kind: 'mfa_disabled' });
    });
    sessions.forgetUser(user.id);
    this.deps.mailer?.notify();
    return { mfaEnabled: false, enabledAt: null };
  }

  /** A TOTP code of a step after the last accepted one, or an unused recovery code. */
  private async useCode(tx: Db | Tx, user: UserRow, raw: string): Promise<boolean> {
    const code = raw.trim();
    const now = this.deps.clock.now();
    if (/^[0-9]{6}$/.test(code)) {
      if (!user.mfaSecret) return false;
      const step = await verifyTotp(user.mfaSecret, code, now.getTime(), user.mfaLastStep);
      return step !== null && (await mfaRepository.acceptStep(tx, user.id, step));
    }
    if (!looksLikeRecoveryCode(code)) return false;
    return mfaRepository.useRecoveryCode(tx, user.id, hashRecoveryCode(code), now);
  }

  private async load(userId: string): Promise<UserRow> {
    const user = await this.deps.users.findById(userId);
    if (!user || user.deletedAt) throw notFound('user');
    return user;
  }
}
