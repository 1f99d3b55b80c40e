import type {
  AdminCertificate,
  CertificateCard,
  CertificateListParams,
  CertificateVerification,
} from '@app/contracts/certificates';
import type { Db, Tx } from '../../db/client.ts';
import { mailPreferencesOf } from '../../db/mail-preferences.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MailLocale } from '../../lib/mail-render.ts';
import type { Principal } from '../../plugins/access.ts';
import { recordAudit } from '../audit/index.ts';
import type { MailAttachment, OutboxService } from '../mail/index.ts';
import { normalizeCertificateCode } from './certificate-code.ts';
import type { CertificateDocument } from './certificate-document.ts';
import { certificateIssuedMail } from './certificate-mail.ts';
import { renderCertificatePdf } from './certificate-pdf.ts';
import { toCertificateDto } from './certificates.dto.ts';
import { certificatesRepository, type CertificateRow, type CertificateView } from './certificates.repository.ts';

/** What a milestone certificate records when it is issued. */
export interface CertificateIssue {
  kind: CertificateRow['kind'];
  userId: string;
  accountId: string | null;
  amountCents?: number | null;
  currency: string;
  issuedAt: Date;
}

/** The attachment kind the outbox renders through this module (the certificate PDF). */
export const CERTIFICATE_ATTACHMENT = 'certificate';

export interface CertificatesSettings {
  /** The firm's name printed on every certificate. */
  firmName: string;
  /** The web app's public base: the verification link is `<base>/verify/{code}`. */
  publicUrl: string;
}

/** No code matches this: a malformed code is looked up like an unknown one (same answer, same work). */
const NO_CODE = '----';

/**
 * Answers for existing codes are kept this long in each instance (a shared link is opened again and
 * again); a revocation clears its entry here at once and reaches the other instances within it,
 * as the answer's public max-age allows anyway.
 */
const VERIFY_CACHE_MS = 30_000;
const VERIFY_CACHE_MAX = 10_000;

export class CertificatesService {
  private readonly verified = new Map<string, { answer: CertificateVerification; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly outbox: OutboxService,
    private readonly settings: CertificatesSettings,
  ) {}

  verifyUrl(code: string): string {
    return `${this.settings.publicUrl}/verify/${code}`;
  }

  async listForUser(userId: string): Promise<CertificateCard[]> {
    return (await certificatesRepository.viewsByUser(this.db, userId)).map((v) => this.card(v));
  }

  /**
   * Issues a certificate inside the caller's transaction, once per (account, kind) for milestones,
   * and queues the "certificate issued" mail in the same transaction (call `outbox.notify()` after
   * the commit, or the scheduled run sends it). Undefined when it was issued before.
   */
  async issue(tx: Db | Tx, c: CertificateIssue): Promise<CertificateRow | undefined> {
    const row = await certificatesRepository.issue(tx, c);
    if (row) await this.enqueueMail(tx, row.id);
    return row;
  }

  /**
   * The answer kept for an existing code, if any. Unknown and malformed codes are never kept: each
   * guess goes through the throttle and the lookup.
   */
  cachedVerification(input: string): CertificateVerification | undefined {
    const code = normalizeCertificateCode(input);
    const hit = code === null ? undefined : this.verified.get(code);
    if (!hit) return undefined;
    if (hit.until > this.clock.now().getTime()) return hit.answer;
    this.verified.delete(code!);
    return undefined;
  }

  /** The public verification: null for an unknown or malformed code alike. */
  async verify(input: string): Promise<CertificateVerification | null> {
    const code = normalizeCertificateCode(input);
    const v = await certificatesRepository.viewByCode(this.db, code ?? NO_CODE);
    if (!v) return null;
    const answer = this.verification(v);
    // A Map keeps insertion order: past the bound, the oldest entry goes.
    if (this.verified.size >= VERIFY_CACHE_MAX) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(v.code, { answer, until: this.clock.now().getTime() + VERIFY_CACHE_MS });
    return answer;
  }

  private verification(v: CertificateView): CertificateVerification {
    return {
      valid: v.revokedAt === null,
      code: v.code,
      kind: v.kind,
      holderName: v.holderName,
      issuedAt: v.issuedAt.toISOString(),
      amountCents: v.amountCents,
      currency: v.currency,
      challengeName: v.challengeName,
      phaseNumber: v.phaseNumber,
      revokedAt: v.revokedAt?.toISOString() ?? null,
    };
  }

  /** The PDF of a certificate; a member only gets their own (someone else's is a 404). */
  async pdf(who: Principal | 'staff', id: string, locale?: MailLocale): Promise<{ filename: string; pdf: Buffer }> {
    const v = await certificatesRepository.viewById(this.db, id);
    if (!v || (who !== 'staff' && v.userId !== who.userId)) throw notFound('certificate');
    const lang = locale ?? (await certificatesRepository.memberLocale(this.db, v.userId));
    return { filename: `certificate-${v.code}.pdf`, pdf: await renderCertificatePdf(this.document(v, lang)) };
  }

  async attachment(id: string): Promise<MailAttachment> {
    const v = await certificatesRepository.viewById(this.db, id);
    if (!v) throw new Error(`certificate attachment: no certificate ${id}`);
    const locale = await certificatesRepository.memberLocale(this.db, v.userId);
    const pdf = await renderCertificatePdf(this.document(v, locale));
    return { filename: `certificate-${v.code}.pdf`, contentType: 'application/pdf', content: pdf };
  }

  async adminList(q: CertificateListParams) {
    const { rows, total } = await certificatesRepository.listAdmin(this.db, q);
    return { items: rows.map((v) => this.admin(v)), total, page: q.page, pageSize: q.pageSize };
  }

  async searchMembers(q: string | undefined) {
    return { members: await certificatesRepository.searchMembers(this.db, q, 10) };
  }

  /** Issued by hand (ADMIN), audit-logged with the reason in the same transaction, mailed once. */
  async issueByHand(
    actor: Principal,
    body: {
      userId: string;
      kind: CertificateRow['kind'];
      accountId: string | null;
      amountCents: number | null;
      reason: string;
    },
  ): Promise<{ certificate: AdminCertificate }> {
    const at = this.clock.now();
    const id = await this.db.transaction(async (tx) => {
      const user = await certificatesRepository.user(tx, body.userId);
      if (!user || user.deletedAt) throw notFound('user');
      if (user.role !== 'USER') throw new AppError('VALIDATION_ERROR', 400, 'Certificates are issued to members only');
      let currency = 'USD';
      if (body.accountId) {
        const account = await certificatesRepository.account(tx, body.accountId);
        if (!account || account.userId !== body.userId)
          throw new AppError('VALIDATION_ERROR', 400, 'The account is not one of this member’s accounts');
        currency = account.currency;
      }
      const row = await this.issue(tx, { ...body, currency, issuedAt: at });
      if (!row) throw new AppError('CERTIFICATE_EXISTS', 409, 'This account already has a certificate of this kind');
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'certificate.issue',
        targetType: 'certificate',
        targetId: row.id,
        after: { ...toCertificateDto(row), reason: body.reason },
        at,
      });
      return row.id;
    });
    this.outbox.notify();
    return { certificate: this.admin((await certificatesRepository.viewById(this.db, id))!) };
  }

  /** Revoked with a reason (ADMIN), audit-logged in the same transaction; revoking twice is a 409. */
  async revoke(actor: Principal, id: string, reason: string): Promise<{ certificate: AdminCertificate }> {
    const at = this.clock.now();
    const code = await this.db.transaction(async (tx) => {
      const before = await certificatesRepository.viewById(tx, id);
      if (!before) throw notFound('certificate');
      const row = await certificatesRepository.revoke(tx, id, at, reason);
      if (!row) throw new AppError('CONFLICT', 409, 'The certificate was revoked before');
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'certificate.revoke',
        targetType: 'certificate',
        targetId: id,
        before: toCertificateDto(before),
        after: toCertificateDto(row),
        at,
      });
      return before.code;
    });
    // After the commit: this instance answers "revoked" from now on.
    this.verified.delete(code);
    return { certificate: this.admin((await certificatesRepository.viewById(this.db, id))!) };
  }

  private async enqueueMail(tx: Db | Tx, id: string): Promise<void> {
    const v = (await certificatesRepository.viewById(tx, id))!;
    const prefs = await mailPreferencesOf(tx, v.userId);
    // Turned off on the profile: the certificate is on /certificates all the same.
    if (!prefs.wants('certificates')) return;
    const locale = await certificatesRepository.memberLocale(tx, v.userId);
    const mail = certificateIssuedMail(locale, this.document(v, locale));
    await this.outbox.enqueue(tx, {
      to: v.userEmail,
      ...mail,
      attachments: [{ kind: CERTIFICATE_ATTACHMENT, id }],
      userId: v.userId,
    });
  }

  private document(v: CertificateView, locale: MailLocale): CertificateDocument {
    return {
      firmName: this.settings.firmName,
      holderName: v.holderName,
      kind: v.kind,
      phaseNumber: v.phaseNumber,
      challengeName: v.challengeName,
      amountCents: v.amountCents,
      currency: v.currency,
      issuedAt: v.issuedAt,
      code: v.code,
      verifyUrl: this.verifyUrl(v.code),
      locale,
    };
  }

  private card(v: CertificateView): CertificateCard {
    return {
      ...toCertificateDto(v),
      holderName: v.holderName,
      challengeName: v.challengeName,
      phaseNumber: v.phaseNumber,
      verifyUrl: this.verifyUrl(v.code),
    };
  }

  private admin(v: CertificateView): AdminCertificate {
    return { ...this.card(v), userEmail: v.userEmail, accountLogin: v.accountLogin };
  }
}
