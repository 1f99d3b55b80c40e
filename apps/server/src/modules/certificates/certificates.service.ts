import type { Db, Tx } from '../../db/client.ts';
import { toCertificateDto } from './certificates.dto.ts';
import { certificatesRepository, type CertificateRow } from './certificates.repository.ts';

/** What a milestone certificate records when it is issued. */
export interface CertificateIssue {
  kind: CertificateRow['kind'];
  userId: string;
  accountId: string | null;
  amountCents?: number | null;
  currency: string;
  issuedAt: Date;
}

export class CertificatesService {
  constructor(private readonly db: Db) {}

  async listForUser(userId: string) {
    return (await certificatesRepository.listByUser(this.db, userId)).map(toCertificateDto);
  }

  /**
   * Issues a milestone certificate inside the caller's transaction, once per (account, kind);
   * undefined when it was issued before.
   */
  issue(tx: Db | Tx, c: CertificateIssue): Promise<CertificateRow | undefined> {
    return certificatesRepository.issue(tx, c);
  }
}
