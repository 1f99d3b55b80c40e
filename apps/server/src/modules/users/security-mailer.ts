import type { Db, Tx } from '../../db/client.ts';
import { mailLocaleOf, mailTimeZoneOf, securityMail, type SecurityMail } from '../../lib/security-mails.ts';
import type { OutboxService } from '../mail/index.ts';
import type { UserRow } from './users.repository.ts';

/**
 * Security mails in the person's language and display time zone, written in the transaction of the
 * change they tell of.
 */
export class SecurityMailer {
  constructor(private readonly outbox: OutboxService) {}

  /** To the account's address unless `to` names another (the new address of an email change). */
  async send(
    tx: Db | Tx,
    user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'preferences'>,
    mail: SecurityMail,
    to = user.email,
  ): Promise<void> {
    const { preferences } = user;
    const rendered = securityMail(mailLocaleOf(preferences), user.firstName, mail, mailTimeZoneOf(preferences));
    // The user's, wherever it goes: a link to a new address is theirs too.
    await this.outbox.enqueue(tx, { to, ...rendered, userId: user.id });
  }

  /** After the commit: deliver now rather than at the next scheduled run. */
  notify(): void {
    this.outbox.notify();
  }
}
