// The invoice PDF's words in the six languages, and how its money and dates are written in each.
import type { PaymentProvider } from '@app/contracts/commerce';

export const INVOICE_LOCALES = ['en', 'de', 'es', 'fr', 'ja', 'zh'] as const;
export type InvoiceLocale = (typeof INVOICE_LOCALES)[number];

export interface InvoiceTexts {
  title: string;
  invoiceNumber: string;
  issueDate: string;
  supplyDate: string;
  orderNumber: string;
  seller: string;
  buyer: string;
  vatId: string;
  email: string;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  subtotal: string;
  discount: string;
  net: string;
  vat: string;
  total: string;
  paidOn: string;
  paymentMethod: string;
  paidInFull: string;
  /** Art. 226(11a): the mention a reverse-charge invoice must carry, and its legal basis (own line). */
  reverseCharge: string;
  reverseChargeBasis: string;
  paymentMethods: Record<PaymentProvider, string>;
}

const TEXTS: Record<InvoiceLocale, InvoiceTexts> = {
  en: {
    title: 'Invoice',
    invoiceNumber: 'Invoice number',
    issueDate: 'Issue date',
    supplyDate: 'Date of supply',
    orderNumber: 'Order number',
    seller: 'Seller',
    buyer: 'Buyer',
    vatId: 'VAT ID',
    email: 'Email',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    discount: 'Discount',
    net: 'Net amount',
    vat: 'VAT',
    total: 'Total',
    paidOn: 'Paid on',
    paymentMethod: 'Payment method',
    paidInFull: 'Paid in full — nothing is due.',
    reverseCharge: 'Reverse charge: VAT to be accounted for by the recipient.',
    reverseChargeBasis: 'Article 196 of Council Directive 2006/112/EC',
    paymentMethods: { demo: 'Demo payment', manual: 'Bank transfer', stripe: 'Card (Stripe)' },
  },
  de: {
    title: 'Rechnung',
    invoiceNumber: 'Rechnungsnummer',
    issueDate: 'Rechnungsdatum',
    supplyDate: 'Leistungsdatum',
    orderNumber: 'Bestellnummer',
    seller: 'Verkäufer',
    buyer: 'Rechnungsempfänger',
    vatId: 'USt-IdNr.',
    email: 'E-Mail',
    description: 'Beschreibung',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    amount: 'Betrag',
    subtotal: 'Zwischensumme',
    discount: 'Rabatt',
    net: 'Nettobetrag',
    vat: 'USt.',
    total: 'Gesamtbetrag',
    paidOn: 'Bezahlt am',
    paymentMethod: 'Zahlungsart',
    paidInFull: 'Vollständig bezahlt — es ist nichts mehr fällig.',
    reverseCharge: 'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge).',
    reverseChargeBasis: 'Artikel 196 der Richtlinie 2006/112/EG des Rates',
    paymentMethods: { demo: 'Demo-Zahlung', manual: 'Banküberweisung', stripe: 'Karte (Stripe)' },
  },
  es: {
    title: 'Factura',
    invoiceNumber: 'Número de factura',
    issueDate: 'Fecha de expedición',
    supplyDate: 'Fecha de la operación',
    orderNumber: 'Número de pedido',
    seller: 'Vendedor',
    buyer: 'Cliente',
    vatId: 'NIF-IVA',
    email: 'Correo electrónico',
    description: 'Descripción',
    quantity: 'Cant.',
    unitPrice: 'Precio unitario',
    amount: 'Importe',
    subtotal: 'Subtotal',
    discount: 'Descuento',
    net: 'Base imponible',
    vat: 'IVA',
    total: 'Total',
    paidOn: 'Pagada el',
    paymentMethod: 'Forma de pago',
    paidInFull: 'Pagada en su totalidad: no queda importe pendiente.',
    reverseCharge: 'Inversión del sujeto pasivo: el IVA lo liquida el destinatario.',
    reverseChargeBasis: 'Artículo 196 de la Directiva 2006/112/CE del Consejo',
    paymentMethods: { demo: 'Pago de demostración', manual: 'Transferencia bancaria', stripe: 'Tarjeta (Stripe)' },
  },
  fr: {
    title: 'Facture',
    invoiceNumber: 'Numéro de facture',
    issueDate: 'Date d’émission',
    supplyDate: 'Date de la prestation',
    orderNumber: 'Numéro de commande',
    seller: 'Vendeur',
    buyer: 'Client',
    vatId: 'N° de TVA',
    email: 'E-mail',
    description: 'Désignation',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire',
    amount: 'Montant',
    subtotal: 'Sous-total',
    discount: 'Remise',
    net: 'Montant HT',
    vat: 'TVA',
    total: 'Total TTC',
    paidOn: 'Payée le',
    paymentMethod: 'Mode de paiement',
    paidInFull: 'Payée intégralement : aucun montant n’est dû.',
    reverseCharge: 'Autoliquidation : TVA due par le preneur.',
    reverseChargeBasis: 'Article 196 de la directive 2006/112/CE du Conseil',
    paymentMethods: { demo: 'Paiement de démonstration', manual: 'Virement bancaire', stripe: 'Carte (Stripe)' },
  },
  ja: {
    title: '請求書',
    invoiceNumber: '請求書番号',
    issueDate: '発行日',
    supplyDate: '提供日',
    orderNumber: '注文番号',
    seller: '販売者',
    buyer: '購入者',
    vatId: 'VAT番号',
    email: 'メール',
    description: '品目',
    quantity: '数量',
    unitPrice: '単価',
    amount: '金額',
    subtotal: '小計',
    discount: '割引',
    net: '税抜金額',
    vat: '付加価値税',
    total: '合計',
    paidOn: '支払日',
    paymentMethod: '支払方法',
    paidInFull: '全額支払済み（未払い額はありません）。',
    reverseCharge: 'リバースチャージ：付加価値税は受領者が納付します。',
    reverseChargeBasis: 'EU理事会指令2006/112/EC第196条',
    paymentMethods: { demo: 'デモ決済', manual: '銀行振込', stripe: 'カード（Stripe）' },
  },
  zh: {
    title: '发票',
    invoiceNumber: '发票号码',
    issueDate: '开票日期',
    supplyDate: '服务提供日期',
    orderNumber: '订单号',
    seller: '销售方',
    buyer: '购买方',
    vatId: '增值税号',
    email: '电子邮箱',
    description: '项目',
    quantity: '数量',
    unitPrice: '单价',
    amount: '金额',
    subtotal: '小计',
    discount: '折扣',
    net: '净额',
    vat: '增值税',
    total: '合计',
    paidOn: '支付日期',
    paymentMethod: '支付方式',
    paidInFull: '已全额支付，无应付款项。',
    reverseCharge: '反向征收：增值税由接收方缴纳。',
    reverseChargeBasis: '欧盟理事会指令 2006/112/EC 第196条',
    paymentMethods: { demo: '演示支付', manual: '银行转账', stripe: '银行卡（Stripe）' },
  },
};

export const invoiceTexts = (locale: InvoiceLocale): InvoiceTexts => TEXTS[locale];

/** Money held as integer cents (hundredths, as everywhere on the platform): "1.234,56 €", "$1,234.56". */
export const formatMoney = (locale: InvoiceLocale, currency: string, cents: number): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);

/** A calendar date, read in UTC (the day the books are kept in). */
export const formatDate = (locale: InvoiceLocale, at: Date): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(at);

/** A moment with its time: the time zone is named so nobody reads it as local time. */
export const formatDateTime = (locale: InvoiceLocale, at: Date): string =>
  new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(at);

/** A VAT rate from basis points: "21 %", "7,7 %". */
export const formatRate = (locale: InvoiceLocale, bps: number): string =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);

/** A country's name in the reader's language. */
export const countryName = (locale: InvoiceLocale, code: string): string =>
  new Intl.DisplayNames(locale, { type: 'region' }).of(code) ?? code;
