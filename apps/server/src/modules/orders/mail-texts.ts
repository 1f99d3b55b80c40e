// The order's mails in the buyer's language: "order received" (with the bank details for a
// transfer) and "paid" (the invoice attached); the account's credentials are the accounts module's. Plain text and HTML, every
// value escaped in the HTML; amounts and dates formatted by Intl for the language.
import {
  renderMail as render,
  type MailLocale,
  type MailParagraph as Paragraph,
  type RenderedMail,
} from '../../lib/mail-render.ts';

export { MAIL_LOCALES, type MailLocale, type RenderedMail } from '../../lib/mail-render.ts';

export { localeOf } from '../../lib/mail-locale.ts';

export const formatAmount = (locale: MailLocale, currency: string, cents: number): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);

export interface BankTransfer {
  beneficiary: string;
  iban: string;
  bic: string;
  bankName: string;
  reference: string;
  amount: string;
}

interface Texts {
  hello: (name: string) => string;
  receivedSubject: (order: string) => string;
  received: (order: string, challenge: string, total: string) => string;
  payBy: string;
  beneficiary: string;
  iban: string;
  bic: string;
  bank: string;
  reference: string;
  amount: string;
  transferNote: string;
  followOrder: string;
  paidSubject: (order: string) => string;
  paid: (order: string, challenge: string, total: string, invoice: string) => string;
  invoiceAttached: string;
}

const TEXTS: Record<MailLocale, Texts> = {
  en: {
    hello: (n) => `Hello ${n},`,
    receivedSubject: (o) => `Order ${o} received`,
    received: (o, c, t) => `we have received your order ${o} for ${c} (${t}).`,
    payBy: 'Please pay by bank transfer:',
    beneficiary: 'Beneficiary',
    iban: 'IBAN',
    bic: 'BIC',
    bank: 'Bank',
    reference: 'Reference',
    amount: 'Amount',
    transferNote: 'Quote the reference so we can match your payment. Your account is created when it arrives.',
    followOrder: 'Follow your order under Billing:',
    paidSubject: (o) => `Payment received for order ${o}`,
    paid: (o, c, t, i) => `thank you: your payment of ${t} for ${c} (order ${o}) has arrived. Invoice ${i}.`,
    invoiceAttached: 'The invoice is attached as a PDF; you can also download it under Billing.',
  },
  de: {
    hello: (n) => `Hallo ${n},`,
    receivedSubject: (o) => `Bestellung ${o} eingegangen`,
    received: (o, c, t) => `wir haben Ihre Bestellung ${o} für ${c} (${t}) erhalten.`,
    payBy: 'Bitte bezahlen Sie per Banküberweisung:',
    beneficiary: 'Empfänger',
    iban: 'IBAN',
    bic: 'BIC',
    bank: 'Bank',
    reference: 'Verwendungszweck',
    amount: 'Betrag',
    transferNote:
      'Geben Sie den Verwendungszweck an, damit wir Ihre Zahlung zuordnen können. Ihr Konto wird nach Zahlungseingang eröffnet.',
    followOrder: 'Ihre Bestellung finden Sie unter Abrechnung:',
    paidSubject: (o) => `Zahlung für Bestellung ${o} eingegangen`,
    paid: (o, c, t, i) =>
      `vielen Dank: Ihre Zahlung von ${t} für ${c} (Bestellung ${o}) ist eingegangen. Rechnung ${i}.`,
    invoiceAttached: 'Die Rechnung liegt als PDF bei; Sie können sie auch unter Abrechnung herunterladen.',
  },
  es: {
    hello: (n) => `Hola ${n}:`,
    receivedSubject: (o) => `Pedido ${o} recibido`,
    received: (o, c, t) => `hemos recibido tu pedido ${o} de ${c} (${t}).`,
    payBy: 'Paga por transferencia bancaria:',
    beneficiary: 'Beneficiario',
    iban: 'IBAN',
    bic: 'BIC',
    bank: 'Banco',
    reference: 'Referencia',
    amount: 'Importe',
    transferNote: 'Indica la referencia para que podamos identificar tu pago. Tu cuenta se crea cuando llegue.',
    followOrder: 'Sigue tu pedido en Facturación:',
    paidSubject: (o) => `Pago recibido del pedido ${o}`,
    paid: (o, c, t, i) => `gracias: hemos recibido tu pago de ${t} por ${c} (pedido ${o}). Factura ${i}.`,
    invoiceAttached: 'La factura va adjunta en PDF; también puedes descargarla en Facturación.',
  },
  fr: {
    hello: (n) => `Bonjour ${n},`,
    receivedSubject: (o) => `Commande ${o} reçue`,
    received: (o, c, t) => `nous avons bien reçu votre commande ${o} pour ${c} (${t}).`,
    payBy: 'Veuillez payer par virement bancaire :',
    beneficiary: 'Bénéficiaire',
    iban: 'IBAN',
    bic: 'BIC',
    bank: 'Banque',
    reference: 'Référence',
    amount: 'Montant',
    transferNote:
      'Indiquez la référence pour que nous puissions rapprocher votre paiement. Votre compte est créé à sa réception.',
    followOrder: 'Suivez votre commande dans Facturation :',
    paidSubject: (o) => `Paiement reçu pour la commande ${o}`,
    paid: (o, c, t, i) => `merci : votre paiement de ${t} pour ${c} (commande ${o}) est arrivé. Facture ${i}.`,
    invoiceAttached: 'La facture est jointe en PDF ; vous pouvez aussi la télécharger dans Facturation.',
  },
  ja: {
    hello: (n) => `${n} 様`,
    receivedSubject: (o) => `ご注文 ${o} を承りました`,
    received: (o, c, t) => `${c}（${t}）のご注文 ${o} を承りました。`,
    payBy: '銀行振込でお支払いください：',
    beneficiary: '受取人',
    iban: 'IBAN',
    bic: 'BIC',
    bank: '銀行',
    reference: '振込参照番号',
    amount: '金額',
    transferNote: 'お支払いを照合するため参照番号をご記入ください。着金後にアカウントを作成します。',
    followOrder: 'ご注文は「請求」でご確認いただけます：',
    paidSubject: (o) => `ご注文 ${o} のお支払いを確認しました`,
    paid: (o, c, t, i) => `${c}（ご注文 ${o}）のお支払い ${t} を確認しました。ありがとうございます。請求書 ${i}。`,
    invoiceAttached: '請求書を PDF で添付しました。「請求」からもダウンロードできます。',
  },
  zh: {
    hello: (n) => `${n}，您好：`,
    receivedSubject: (o) => `已收到订单 ${o}`,
    received: (o, c, t) => `我们已收到您的订单 ${o}：${c}（${t}）。`,
    payBy: '请通过银行转账付款：',
    beneficiary: '收款人',
    iban: 'IBAN',
    bic: 'BIC',
    bank: '银行',
    reference: '付款备注',
    amount: '金额',
    transferNote: '请填写付款备注，以便我们核对您的付款。款项到账后我们将为您开设账户。',
    followOrder: '您可在“账单”中查看订单：',
    paidSubject: (o) => `订单 ${o} 已付款`,
    paid: (o, c, t, i) => `感谢您：您为 ${c}（订单 ${o}）支付的 ${t} 已到账。发票 ${i}。`,
    invoiceAttached: '发票以 PDF 附件形式发送，您也可以在“账单”中下载。',
  },
};

export function orderReceivedMail(
  locale: MailLocale,
  a: {
    name: string;
    orderNumber: string;
    challenge: string;
    total: string;
    transfer: BankTransfer | null;
    billingUrl: string;
  },
): RenderedMail {
  const t = TEXTS[locale];
  const paragraphs: Paragraph[] = [[t.hello(a.name)], [t.received(a.orderNumber, a.challenge, a.total)]];
  if (a.transfer) {
    const b = a.transfer;
    paragraphs.push(
      [
        t.payBy,
        [t.beneficiary, b.beneficiary],
        [t.iban, b.iban],
        [t.bic, b.bic],
        [t.bank, b.bankName],
        [t.reference, b.reference],
        [t.amount, b.amount],
      ],
      [t.transferNote],
    );
  }
  return render(t.receivedSubject(a.orderNumber), paragraphs, { label: t.followOrder, url: a.billingUrl }, locale);
}

export function orderPaidMail(
  locale: MailLocale,
  a: { name: string; orderNumber: string; challenge: string; total: string; invoiceNumber: string; billingUrl: string },
): RenderedMail {
  const t = TEXTS[locale];
  return render(
    t.paidSubject(a.orderNumber),
    [[t.hello(a.name)], [t.paid(a.orderNumber, a.challenge, a.total, a.invoiceNumber)], [t.invoiceAttached]],
    { label: t.followOrder, url: a.billingUrl },
  );
}
