import type { Db } from '../../db/client.ts';
import { certificatesRepository, toCertificateDto } from './certificates.repository.ts';

export class CertificatesService {
  constructor(private readonly db: Db) {}

  async listForUser(userId: string) {
    return (await certificatesRepository.listByUser(this.db, userId)).map(toCertificateDto);
  }
}
