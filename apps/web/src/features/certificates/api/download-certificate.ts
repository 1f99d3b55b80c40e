import { downloadFile } from '../../../lib/download';

/**
 * GET /api/certificates/{id}/pdf (the member's own) or /api/admin/certificates/{id}/pdf (staff):
 * the certificate in the reader's language, saved under its code.
 */
export const downloadCertificate = (
  c: { id: string; code: string },
  lang: string,
  scope: 'member' | 'staff' = 'member',
) =>
  downloadFile(
    `/api/${scope === 'staff' ? 'admin/' : ''}certificates/${encodeURIComponent(c.id)}/pdf?lang=${encodeURIComponent(lang)}`,
    `certificate-${c.code}.pdf`,
    'application/pdf',
  );
