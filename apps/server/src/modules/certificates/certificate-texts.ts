// A certificate's words in the six languages (PDF and mail), and how its amount and date are written.
import type { MailLocale } from '../../lib/mail-render.ts';

export interface CertificateTexts {
  title: string;
  presentedTo: string;
  /** What it certifies: a phase passed (its number and challenge), funded, a payout. */
  phasePassed: (phase: number, challenge: string) => string;
  phasePassedShort: string;
  funded: (challenge: string) => string;
  fundedShort: string;
  payout: (amount: string) => string;
  payoutShort: string;
  issuedOn: string;
  code: string;
  verifyAt: string;
  scanToVerify: string;
  mailSubject: (what: string) => string;
  hello: (name: string) => string;
  mailBody: string;
  attached: string;
  shareLink: string;
}

const TEXTS: Record<MailLocale, CertificateTexts> = {
  en: {
    title: 'Certificate',
    presentedTo: 'This certifies that',
    phasePassed: (n, c) => `passed Phase ${n} of the ${c} challenge`,
    phasePassedShort: 'Phase passed',
    funded: (c) => `became a funded trader in the ${c} program`,
    fundedShort: 'Funded trader',
    payout: (a) => `received a profit payout of ${a}`,
    payoutShort: 'Payout',
    issuedOn: 'Issued on',
    code: 'Certificate code',
    verifyAt: 'Verify at',
    scanToVerify: 'Scan to verify',
    mailSubject: (w) => `Your certificate: ${w}`,
    hello: (n) => `Hello ${n},`,
    mailBody: 'congratulations! Your certificate has been issued.',
    attached: 'The certificate is attached as a PDF. Anyone can confirm it with its code.',
    shareLink: 'Verification link to share:',
  },
  de: {
    title: 'Zertifikat',
    presentedTo: 'Hiermit wird bestätigt, dass',
    phasePassed: (n, c) => `Phase ${n} der Challenge ${c} bestanden hat`,
    phasePassedShort: 'Phase bestanden',
    funded: (c) => `im Programm ${c} finanzierter Trader geworden ist`,
    fundedShort: 'Finanzierter Trader',
    payout: (a) => `eine Gewinnauszahlung von ${a} erhalten hat`,
    payoutShort: 'Auszahlung',
    issuedOn: 'Ausgestellt am',
    code: 'Zertifikatscode',
    verifyAt: 'Prüfen unter',
    scanToVerify: 'Zum Prüfen scannen',
    mailSubject: (w) => `Ihr Zertifikat: ${w}`,
    hello: (n) => `Hallo ${n},`,
    mailBody: 'herzlichen Glückwunsch! Ihr Zertifikat wurde ausgestellt.',
    attached: 'Das Zertifikat ist als PDF angehängt. Jeder kann es mit seinem Code prüfen.',
    shareLink: 'Prüflink zum Teilen:',
  },
  es: {
    title: 'Certificado',
    presentedTo: 'Se certifica que',
    phasePassed: (n, c) => `superó la fase ${n} del desafío ${c}`,
    phasePassedShort: 'Fase superada',
    funded: (c) => `se convirtió en trader financiado en el programa ${c}`,
    fundedShort: 'Trader financiado',
    payout: (a) => `recibió un retiro de beneficios de ${a}`,
    payoutShort: 'Retiro',
    issuedOn: 'Emitido el',
    code: 'Código del certificado',
    verifyAt: 'Verificar en',
    scanToVerify: 'Escanea para verificar',
    mailSubject: (w) => `Tu certificado: ${w}`,
    hello: (n) => `Hola ${n}:`,
    mailBody: '¡Enhorabuena! Tu certificado ha sido emitido.',
    attached: 'El certificado va adjunto en PDF. Cualquiera puede confirmarlo con su código.',
    shareLink: 'Enlace de verificación para compartir:',
  },
  fr: {
    title: 'Certificat',
    presentedTo: 'Nous certifions que',
    phasePassed: (n, c) => `a réussi la phase ${n} du challenge ${c}`,
    phasePassedShort: 'Phase réussie',
    funded: (c) => `est devenu trader financé du programme ${c}`,
    fundedShort: 'Trader financé',
    payout: (a) => `a reçu un versement de bénéfices de ${a}`,
    payoutShort: 'Versement',
    issuedOn: 'Délivré le',
    code: 'Code du certificat',
    verifyAt: 'Vérifier sur',
    scanToVerify: 'Scanner pour vérifier',
    mailSubject: (w) => `Votre certificat\u202f: ${w}`,
    hello: (n) => `Bonjour ${n},`,
    mailBody: 'félicitations\u202f! Votre certificat a été délivré.',
    attached: 'Le certificat est joint en PDF. Chacun peut le confirmer avec son code.',
    shareLink: 'Lien de vérification à partager\u202f:',
  },
  ja: {
    title: '証明書',
    presentedTo: '以下の者を認定します',
    phasePassed: (n, c) => `${c} チャレンジのフェーズ ${n} に合格`,
    phasePassedShort: 'フェーズ合格',
    funded: (c) => `${c} プログラムの資金提供トレーダーに認定`,
    fundedShort: '資金提供トレーダー',
    payout: (a) => `${a} の利益出金を受領`,
    payoutShort: '出金',
    issuedOn: '発行日',
    code: '証明書コード',
    verifyAt: '確認先',
    scanToVerify: 'スキャンして確認',
    mailSubject: (w) => `証明書が発行されました：${w}`,
    hello: (n) => `${n} 様`,
    mailBody: 'おめでとうございます。証明書が発行されました。',
    attached: '証明書を PDF で添付しています。コードで誰でも確認できます。',
    shareLink: '共有用の確認リンク：',
  },
  zh: {
    title: '证书',
    presentedTo: '兹证明',
    phasePassed: (n, c) => `通过了 ${c} 挑战的第 ${n} 阶段`,
    phasePassedShort: '阶段通过',
    funded: (c) => `成为 ${c} 计划的资助交易员`,
    fundedShort: '资助交易员',
    payout: (a) => `获得了 ${a} 的利润出金`,
    payoutShort: '出金',
    issuedOn: '签发日期',
    code: '证书编号',
    verifyAt: '验证网址',
    scanToVerify: '扫码验证',
    mailSubject: (w) => `您的证书：${w}`,
    hello: (n) => `${n}，您好：`,
    mailBody: '恭喜！您的证书已签发。',
    attached: '证书以 PDF 附件形式发送。任何人都可以凭编号核验。',
    shareLink: '可分享的验证链接：',
  },
};

export const certificateTexts = (locale: MailLocale): CertificateTexts => TEXTS[locale];

export const formatCertificateMoney = (locale: MailLocale, currency: string, cents: number): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);

/** The day it was issued, in UTC (named, so nobody reads it as local). */
export const formatCertificateDate = (locale: MailLocale, at: Date): string =>
  `${new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(at)} (UTC)`;
