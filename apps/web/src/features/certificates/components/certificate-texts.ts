import type { CertificateKind } from '@app/contracts/certificates';
import { CERTIFICATE_KIND_LABELS as KIND_LABELS } from '../../../components/status-labels';
import type { Translate } from '../../../i18n/use-t';

export { KIND_LABELS };

export interface CertificateFacts {
  kind: CertificateKind;
  holderName: string;
  issuedAt: string;
  amountCents: number | null;
  currency: string;
  challengeName: string | null;
  phaseNumber: number | null;
  code: string;
  revokedAt: string | null;
}

/** What it certifies, as the PDF says it: "Passed Phase 1 of 100K Two-Step". */
export function achievementText(t: Translate, money: (cents: number, currency: string) => string, c: CertificateFacts) {
  switch (c.kind) {
    case 'phase_passed':
      return c.challengeName && c.phaseNumber
        ? t('CERTIFICATES.ACHIEVEMENT.PHASE', { phase: c.phaseNumber, challenge: c.challengeName })
        : t(KIND_LABELS.phase_passed);
    case 'funded':
      return c.challengeName
        ? t('CERTIFICATES.ACHIEVEMENT.FUNDED', { challenge: c.challengeName })
        : t(KIND_LABELS.funded);
    case 'payout':
      return t('CERTIFICATES.ACHIEVEMENT.PAYOUT', { amount: money(c.amountCents ?? 0, c.currency) });
  }
}
