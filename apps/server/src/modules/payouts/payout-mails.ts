// The payout's mails in the member's language (stored with the request): received, approved,
// rejected with the reviewer's reason, paid (the certificate is on /certificates).
import { formatMoney } from '../../lib/mail-locale.ts';
import { renderMail, type MailLocale, type RenderedMail } from '../../lib/mail-render.ts';
import type { NewMail } from '../mail/index.ts';
import type { MailRecipient, PayoutRow } from './payouts.repository.ts';

interface Texts {
  hello: (name: string) => string;
  receivedSubject: (amount: string) => string;
  received: (amount: string, login: string) => string;
  approvedSubject: (amount: string) => string;
  approved: (amount: string, login: string) => string;
  rejectedSubject: (amount: string) => string;
  rejected: (amount: string, login: string) => string;
  reason: string;
  paidSubject: (amount: string) => string;
  paid: (amount: string, login: string) => string;
  reference: string;
  certificate: string;
  follow: string;
}

const TEXTS: Record<MailLocale, Texts> = {
  en: {
    hello: (n) => `Hello ${n},`,
    receivedSubject: (a) => `Payout request of ${a} received`,
    received: (a, l) => `we have received your payout request of ${a} from account ${l}. We will review it shortly.`,
    approvedSubject: (a) => `Payout of ${a} approved`,
    approved: (a, l) => `your payout of ${a} from account ${l} has been approved and will be sent soon.`,
    rejectedSubject: (a) => `Payout request of ${a} rejected`,
    rejected: (a, l) => `your payout request of ${a} from account ${l} has been rejected.`,
    reason: 'Reason',
    paidSubject: (a) => `Payout of ${a} paid`,
    paid: (a, l) => `your payout of ${a} from account ${l} has been paid.`,
    reference: 'Transfer reference',
    certificate: 'Your payout certificate is ready under Certificates (/certificates).',
    follow: 'Follow your payouts:',
  },
  de: {
    hello: (n) => `Hallo ${n},`,
    receivedSubject: (a) => `Auszahlungsantrag über ${a} eingegangen`,
    received: (a, l) => `wir haben Ihren Auszahlungsantrag über ${a} vom Konto ${l} erhalten und prüfen ihn in Kürze.`,
    approvedSubject: (a) => `Auszahlung über ${a} genehmigt`,
    approved: (a, l) => `Ihre Auszahlung über ${a} vom Konto ${l} wurde genehmigt und wird in Kürze überwiesen.`,
    rejectedSubject: (a) => `Auszahlungsantrag über ${a} abgelehnt`,
    rejected: (a, l) => `Ihr Auszahlungsantrag über ${a} vom Konto ${l} wurde abgelehnt.`,
    reason: 'Begründung',
    paidSubject: (a) => `Auszahlung über ${a} ausgezahlt`,
    paid: (a, l) => `Ihre Auszahlung über ${a} vom Konto ${l} wurde ausgezahlt.`,
    reference: 'Überweisungsreferenz',
    certificate: 'Ihr Auszahlungszertifikat finden Sie unter Zertifikate (/certificates).',
    follow: 'Ihre Auszahlungen:',
  },
  es: {
    hello: (n) => `Hola ${n}:`,
    receivedSubject: (a) => `Solicitud de retiro de ${a} recibida`,
    received: (a, l) => `hemos recibido tu solicitud de retiro de ${a} de la cuenta ${l}. La revisaremos en breve.`,
    approvedSubject: (a) => `Retiro de ${a} aprobado`,
    approved: (a, l) => `tu retiro de ${a} de la cuenta ${l} ha sido aprobado y se enviará pronto.`,
    rejectedSubject: (a) => `Solicitud de retiro de ${a} rechazada`,
    rejected: (a, l) => `tu solicitud de retiro de ${a} de la cuenta ${l} ha sido rechazada.`,
    reason: 'Motivo',
    paidSubject: (a) => `Retiro de ${a} pagado`,
    paid: (a, l) => `tu retiro de ${a} de la cuenta ${l} ha sido pagado.`,
    reference: 'Referencia de la transferencia',
    certificate: 'Tu certificado de retiro está disponible en Certificados (/certificates).',
    follow: 'Sigue tus retiros:',
  },
  fr: {
    hello: (n) => `Bonjour ${n},`,
    receivedSubject: (a) => `Demande de versement de ${a} reçue`,
    received: (a, l) =>
      `nous avons reçu votre demande de versement de ${a} depuis le compte ${l}. Nous l’examinerons sous peu.`,
    approvedSubject: (a) => `Versement de ${a} approuvé`,
    approved: (a, l) => `votre versement de ${a} depuis le compte ${l} a été approuvé et sera bientôt envoyé.`,
    rejectedSubject: (a) => `Demande de versement de ${a} refusée`,
    rejected: (a, l) => `votre demande de versement de ${a} depuis le compte ${l} a été refusée.`,
    reason: 'Motif',
    paidSubject: (a) => `Versement de ${a} effectué`,
    paid: (a, l) => `votre versement de ${a} depuis le compte ${l} a été effectué.`,
    reference: 'Référence du virement',
    certificate: 'Votre certificat de versement est disponible dans Certificats (/certificates).',
    follow: 'Suivez vos versements\u202f:',
  },
  ja: {
    hello: (n) => `${n} 様`,
    receivedSubject: (a) => `${a} の出金申請を受け付けました`,
    received: (a, l) => `口座 ${l} からの ${a} の出金申請を受け付けました。まもなく審査いたします。`,
    approvedSubject: (a) => `${a} の出金が承認されました`,
    approved: (a, l) => `口座 ${l} からの ${a} の出金が承認されました。まもなく送金されます。`,
    rejectedSubject: (a) => `${a} の出金申請が却下されました`,
    rejected: (a, l) => `口座 ${l} からの ${a} の出金申請は却下されました。`,
    reason: '理由',
    paidSubject: (a) => `${a} の出金が支払われました`,
    paid: (a, l) => `口座 ${l} からの ${a} の出金が支払われました。`,
    reference: '送金参照番号',
    certificate: '出金証明書は「証明書」（/certificates）でご覧いただけます。',
    follow: '出金の状況：',
  },
  zh: {
    hello: (n) => `${n}，您好：`,
    receivedSubject: (a) => `已收到 ${a} 的出金申请`,
    received: (a, l) => `我们已收到您从账户 ${l} 提取 ${a} 的出金申请，将尽快审核。`,
    approvedSubject: (a) => `${a} 的出金已批准`,
    approved: (a, l) => `您从账户 ${l} 提取 ${a} 的出金已获批准，将很快汇出。`,
    rejectedSubject: (a) => `${a} 的出金申请被拒绝`,
    rejected: (a, l) => `您从账户 ${l} 提取 ${a} 的出金申请已被拒绝。`,
    reason: '原因',
    paidSubject: (a) => `${a} 的出金已支付`,
    paid: (a, l) => `您从账户 ${l} 提取 ${a} 的出金已支付。`,
    reference: '转账参考号',
    certificate: '您的出金证书已在“证书”（/certificates）中提供。',
    follow: '查看您的出金：',
  },
};

export type PayoutMailKind = 'received' | 'approved' | 'rejected' | 'paid';

export function payoutMail(
  locale: MailLocale,
  kind: PayoutMailKind,
  a: { name: string; amount: string; login: string; reason?: string; reference?: string; payoutUrl: string },
): RenderedMail {
  const t = TEXTS[locale];
  const link = { label: t.follow, url: a.payoutUrl };
  switch (kind) {
    case 'received':
      return renderMail(t.receivedSubject(a.amount), [[t.hello(a.name)], [t.received(a.amount, a.login)]], link);
    case 'approved':
      return renderMail(t.approvedSubject(a.amount), [[t.hello(a.name)], [t.approved(a.amount, a.login)]], link);
    case 'rejected':
      return renderMail(
        t.rejectedSubject(a.amount),
        [[t.hello(a.name)], [t.rejected(a.amount, a.login), [t.reason, a.reason ?? '']]],
        link,
        locale,
      );
    case 'paid':
      return renderMail(
        t.paidSubject(a.amount),
        [[t.hello(a.name)], [t.paid(a.amount, a.login), [t.reference, a.reference ?? '']], [t.certificate]],
        link,
        locale,
      );
  }
}

/** What a payout's mail says of it. */
type MailedPayout = Pick<
  PayoutRow,
  'userId' | 'locale' | 'currency' | 'amountCents' | 'rejectionReason' | 'transferReference'
>;

/** The mail about a payout in its member's language; null when they turned payout mails off. */
export function payoutMailFor(
  publicUrl: string,
  p: MailedPayout,
  login: string,
  kind: PayoutMailKind,
  user: MailRecipient | undefined,
): NewMail | null {
  // The member may have turned payout mails off on their profile: /payout shows every step anyway.
  if (!user?.wantsPayoutMails) return null;
  const locale = p.locale as MailLocale;
  return {
    to: user.email,
    ...payoutMail(locale, kind, {
      name: `${user.firstName} ${user.lastName}`.trim(),
      amount: formatMoney(locale, p.currency, p.amountCents),
      login,
      reason: p.rejectionReason ?? undefined,
      reference: p.transferReference ?? undefined,
      payoutUrl: `${publicUrl}/payout`,
    }),
    userId: p.userId,
  };
}
