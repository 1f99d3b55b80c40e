// The mail a user created by staff receives: a link to choose their own password (staff never type
// one). In the language staff picked for them; plain text and HTML from the same paragraphs.
import { renderMail, type MailLocale, type RenderedMail } from '../../lib/mail-render.ts';

/** How long the link works: longer than a reset link, since the person did not ask for it. */
export const SET_PASSWORD_TTL_DAYS = 7;

interface Texts {
  subject: string;
  hello: (name: string) => string;
  created: string;
  choose: string;
  link: string;
  note: string;
}

const TEXTS: Record<MailLocale, Texts> = {
  en: {
    subject: 'Your account is ready: choose your password',
    hello: (n) => `Hello ${n},`,
    created: 'An account was created for you with this email address.',
    choose: 'To sign in, first choose your password with the link below.',
    link: 'Choose your password',
    note: `The link works once and expires in ${SET_PASSWORD_TTL_DAYS} days. If you did not expect this mail, ignore it.`,
  },
  de: {
    subject: 'Ihr Konto ist bereit: Wählen Sie Ihr Passwort',
    hello: (n) => `Hallo ${n},`,
    created: 'Für diese E-Mail-Adresse wurde ein Konto für Sie angelegt.',
    choose: 'Um sich anzumelden, wählen Sie zuerst über den Link unten Ihr Passwort.',
    link: 'Passwort wählen',
    note: `Der Link gilt einmal und läuft in ${SET_PASSWORD_TTL_DAYS} Tagen ab. Wenn Sie diese E-Mail nicht erwartet haben, ignorieren Sie sie.`,
  },
  es: {
    subject: 'Tu cuenta está lista: elige tu contraseña',
    hello: (n) => `Hola, ${n}:`,
    created: 'Se ha creado una cuenta para ti con esta dirección de correo electrónico.',
    choose: 'Para iniciar sesión, elige primero tu contraseña con el enlace de abajo.',
    link: 'Elegir la contraseña',
    note: `El enlace funciona una vez y caduca en ${SET_PASSWORD_TTL_DAYS} días. Si no esperabas este correo, ignóralo.`,
  },
  fr: {
    subject: 'Votre compte est prêt : choisissez votre mot de passe',
    hello: (n) => `Bonjour ${n},`,
    created: 'Un compte a été créé pour vous avec cette adresse e-mail.',
    choose: 'Pour vous connecter, choisissez d’abord votre mot de passe avec le lien ci-dessous.',
    link: 'Choisir mon mot de passe',
    note: `Le lien fonctionne une fois et expire dans ${SET_PASSWORD_TTL_DAYS} jours. Si vous n’attendiez pas cet e-mail, ignorez-le.`,
  },
  ja: {
    subject: 'アカウントの準備ができました：パスワードを設定してください',
    hello: (n) => `${n} 様`,
    created: 'このメールアドレスであなたのアカウントが作成されました。',
    choose: 'サインインするには、まず下のリンクからパスワードを設定してください。',
    link: 'パスワードを設定する',
    note: `このリンクは1回限り有効で、${SET_PASSWORD_TTL_DAYS}日後に失効します。心当たりがない場合は、このメールを無視してください。`,
  },
  zh: {
    subject: '您的账户已就绪：请设置密码',
    hello: (n) => `${n}，您好：`,
    created: '已使用此电子邮件地址为您创建了一个账户。',
    choose: '登录前，请先通过下面的链接设置您的密码。',
    link: '设置密码',
    note: `该链接仅可使用一次，${SET_PASSWORD_TTL_DAYS} 天后失效。如果您没有预料到这封邮件，请忽略它。`,
  },
};

export function setPasswordMail(locale: MailLocale, firstName: string, url: string): RenderedMail {
  const t = TEXTS[locale];
  return renderMail(t.subject, [[t.hello(firstName)], [t.created, t.choose], [t.note]], { label: t.link, url });
}
