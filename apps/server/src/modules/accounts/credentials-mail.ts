// The mail that delivers a new trading account's login details, in the member's language: sent when
// a paid order provisions the account and when staff assign one. Plain text and HTML.
import type { Tx } from '../../db/client.ts';
import { renderMail as render, type MailLocale, type RenderedMail } from '../../lib/mail-render.ts';
import { mailLocaleOf } from '../../lib/security-mails.ts';
import type { OutboxService } from '../mail/index.ts';
import type { AccountRow } from './account-row.ts';

interface Texts {
  hello: (name: string) => string;
  credentialsSubject: (login: string) => string;
  credentials: (challenge: string) => string;
  login: string;
  password: string;
  server: string;
  platform: string;
  credentialsNote: string;
  openAccounts: string;
  bye: string;
}

const TEXTS: Record<MailLocale, Texts> = {
  en: {
    hello: (n) => `Hello ${n},`,
    credentialsSubject: (l) => `Your trading account ${l} is ready`,
    credentials: (c) => `your ${c} trading account is ready. Your login details:`,
    login: 'Login',
    password: 'Password',
    server: 'Server',
    platform: 'Platform',
    credentialsNote: 'Keep the password to yourself. The account starts with your first trade.',
    openAccounts: 'Your accounts:',
    bye: 'Happy trading!',
  },
  de: {
    hello: (n) => `Hallo ${n},`,
    credentialsSubject: (l) => `Ihr Handelskonto ${l} ist bereit`,
    credentials: (c) => `Ihr Handelskonto für ${c} ist bereit. Ihre Zugangsdaten:`,
    login: 'Login',
    password: 'Passwort',
    server: 'Server',
    platform: 'Plattform',
    credentialsNote: 'Geben Sie das Passwort nicht weiter. Das Konto startet mit Ihrem ersten Trade.',
    openAccounts: 'Ihre Konten:',
    bye: 'Viel Erfolg beim Handeln!',
  },
  es: {
    hello: (n) => `Hola ${n}:`,
    credentialsSubject: (l) => `Tu cuenta de trading ${l} está lista`,
    credentials: (c) => `tu cuenta de trading de ${c} está lista. Tus datos de acceso:`,
    login: 'Usuario',
    password: 'Contraseña',
    server: 'Servidor',
    platform: 'Plataforma',
    credentialsNote: 'No compartas la contraseña. La cuenta empieza con tu primera operación.',
    openAccounts: 'Tus cuentas:',
    bye: '¡Buen trading!',
  },
  fr: {
    hello: (n) => `Bonjour ${n},`,
    credentialsSubject: (l) => `Votre compte de trading ${l} est prêt`,
    credentials: (c) => `votre compte de trading ${c} est prêt. Vos identifiants :`,
    login: 'Identifiant',
    password: 'Mot de passe',
    server: 'Serveur',
    platform: 'Plateforme',
    credentialsNote: 'Gardez le mot de passe pour vous. Le compte démarre avec votre première transaction.',
    openAccounts: 'Vos comptes :',
    bye: 'Bon trading !',
  },
  ja: {
    hello: (n) => `${n} 様`,
    credentialsSubject: (l) => `取引アカウント ${l} の準備ができました`,
    credentials: (c) => `${c} の取引アカウントの準備ができました。ログイン情報：`,
    login: 'ログイン',
    password: 'パスワード',
    server: 'サーバー',
    platform: 'プラットフォーム',
    credentialsNote: 'パスワードは他人に教えないでください。最初の取引でアカウントが開始します。',
    openAccounts: 'アカウント一覧：',
    bye: 'よいお取引を！',
  },
  zh: {
    hello: (n) => `${n}，您好：`,
    credentialsSubject: (l) => `您的交易账户 ${l} 已就绪`,
    credentials: (c) => `您的 ${c} 交易账户已就绪。登录信息如下：`,
    login: '登录名',
    password: '密码',
    server: '服务器',
    platform: '平台',
    credentialsNote: '请勿将密码告诉他人。账户在您第一笔交易时开始。',
    openAccounts: '您的账户：',
    bye: '祝您交易顺利！',
  },
};

export function credentialsMail(
  locale: MailLocale,
  a: {
    name: string;
    challenge: string;
    login: string;
    password: string;
    server: string;
    platform: string;
    accountsUrl: string;
  },
): RenderedMail {
  const t = TEXTS[locale];
  return render(
    t.credentialsSubject(a.login),
    [
      [t.hello(a.name)],
      [
        t.credentials(a.challenge),
        [t.login, a.login],
        [t.password, a.password],
        [t.server, a.server],
        [t.platform, a.platform],
      ],
      [t.credentialsNote],
      [t.bye],
    ],
    { label: t.openAccounts, url: a.accountsUrl },
    locale,
  );
}

/** Queues the login details of a new account to its owner, in the owner's language, in `tx`. */
export async function queueCredentialsMail(
  outbox: OutboxService,
  tx: Tx,
  a: {
    user: { email: string; firstName: string; preferences: unknown };
    challengeName: string;
    account: Pick<AccountRow, 'userId' | 'login' | 'platformPassword' | 'server' | 'platform'>;
    publicUrl: string;
  },
): Promise<void> {
  await outbox.enqueue(tx, {
    to: a.user.email,
    ...credentialsMail(mailLocaleOf(a.user.preferences), {
      name: a.user.firstName,
      challenge: a.challengeName,
      login: a.account.login,
      password: a.account.platformPassword,
      server: a.account.server,
      platform: a.account.platform.toUpperCase(),
      accountsUrl: `${a.publicUrl}/accounts`,
    }),
    userId: a.account.userId,
  });
}
