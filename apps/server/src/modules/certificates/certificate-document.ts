// Everything a certificate prints (PDF, card, mail), read from the database when it is rendered.
import type { CertificateKind } from '@app/contracts/certificates';
import type { MailLocale } from '../../lib/mail-render.ts';
import { certificateTexts, formatCertificateMoney } from './certificate-texts.ts';

export interface CertificateDocument {
  firmName: string;
  holderName: string;
  kind: CertificateKind;
  /** 1-based; a passed phase's number. */
  phaseNumber: number | null;
  challengeName: string | null;
  amountCents: number | null;
  currency: string;
  issuedAt: Date;
  code: string;
  verifyUrl: string;
  locale: MailLocale;
}

/** The sentence saying what was achieved ("passed Phase 1 of the 100K Two-Step challenge"). */
export function achievement(doc: Omit<CertificateDocument, 'firmName' | 'verifyUrl'>): string {
  const t = certificateTexts(doc.locale);
  switch (doc.kind) {
    case 'phase_passed':
      return doc.challengeName && doc.phaseNumber
        ? t.phasePassed(doc.phaseNumber, doc.challengeName)
        : t.phasePassedShort;
    case 'funded':
      return doc.challengeName ? t.funded(doc.challengeName) : t.fundedShort;
    case 'payout':
      return t.payout(formatCertificateMoney(doc.locale, doc.currency, doc.amountCents ?? 0));
  }
}

/** The kind's short name ("Phase passed", "Funded trader", "Payout"). */
export function kindLabel(locale: MailLocale, kind: CertificateKind): string {
  const t = certificateTexts(locale);
  return { phase_passed: t.phasePassedShort, funded: t.fundedShort, payout: t.payoutShort }[kind];
}
