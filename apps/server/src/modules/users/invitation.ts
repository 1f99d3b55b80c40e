// A staff-created user's invitation: the set-password link sent when staff create them, and again
// when staff correct their address before it is used.
import type { Tx } from '../../db/client.ts';
import type { MailLocale } from '../../lib/mail-render.ts';
import { mailLocaleOf } from '../../lib/security-mails.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { OutboxService } from '../mail/index.ts';
import type { SecurityMailer } from './security-mailer.ts';
import { SET_PASSWORD_TTL_DAYS, setPasswordMail } from './set-password-mail.ts';
import { usersAdminRepository } from './users-admin.repository.ts';
import { usersRepository, type UserRow } from './users.repository.ts';

/** The password of a user created by staff until their set-password link is used: nothing verifies against it. */
export const SET_PASSWORD_PENDING = '!set-password-pending';

interface InvitationDeps {
  outbox: OutboxService;
  mailer: SecurityMailer;
  publicUrl: string;
}

/** A new set-password link, valid SET_PASSWORD_TTL_DAYS days, mailed to the user's address. */
export async function sendInvitation(
  tx: Tx,
  deps: Pick<InvitationDeps, 'outbox' | 'publicUrl'>,
  user: { id: string; email: string; firstName: string },
  language: MailLocale,
  now: Date,
): Promise<void> {
  const token = newToken();
  const expires = new Date(now.getTime() + SET_PASSWORD_TTL_DAYS * 86_400_000);
  await usersAdminRepository.insertSetPasswordToken(tx, user.id, hashToken(token), now, expires);
  const url = `${deps.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
  await deps.outbox.enqueue(tx, { to: user.email, ...setPasswordMail(language, user.firstName, url), userId: user.id });
}

/**
 * After staff changed a user's address: links mailed to the old one (set-password, reset, email
 * change) stop working, since that address may be a typo that reached a stranger. A user still
 * without a password gets their invitation again at the new address; one with a password is told
 * at the old address, as after their own change.
 */
export async function followNewAddress(
  tx: Tx,
  deps: InvitationDeps,
  before: UserRow,
  email: string,
  now: Date,
): Promise<void> {
  await usersRepository.voidOpenLinks(tx, before.id, now);
  if (before.passwordHash === SET_PASSWORD_PENDING) {
    await sendInvitation(tx, deps, { ...before, email }, mailLocaleOf(before.preferences), now);
  } else {
    await deps.mailer.send(tx, before, { kind: 'email_changed', newEmail: email });
  }
}
