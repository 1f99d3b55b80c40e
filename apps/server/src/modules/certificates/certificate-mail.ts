// "Certificate issued", in the member's language, with the verification link to share (the PDF is
// attached by the outbox at delivery).
import { renderMail, type MailLocale, type RenderedMail } from '../../lib/mail-render.ts';
import { achievement, kindLabel, type CertificateDocument } from './certificate-document.ts';
import { certificateTexts, formatCertificateDate } from './certificate-texts.ts';

export function certificateIssuedMail(locale: MailLocale, doc: CertificateDocument): RenderedMail {
  const t = certificateTexts(locale);
  return renderMail(
    t.mailSubject(kindLabel(locale, doc.kind)),
    [
      [t.hello(doc.holderName)],
      [t.mailBody],
      [
        `${doc.holderName} — ${achievement(doc)}`,
        [t.issuedOn, formatCertificateDate(locale, doc.issuedAt)],
        [t.code, doc.code],
      ],
      [t.attached],
    ],
    { label: t.shareLink, url: doc.verifyUrl },
    locale,
  );
}
