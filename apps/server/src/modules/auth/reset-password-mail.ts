// The password reset link, in the person's language: the one stored on their profile, else the one
// their browser asked for when they requested the link. Plain text and HTML from the same paragraphs.
import { renderMail, type MailLocale } from '../../lib/mail-render.ts';
import type { NewMail } from '../mail/index.ts';

interface Texts {
  subject: string;
  hello: (name: string) => string;
  asked: string;
  link: string;
  note: string;
}

const TEXTS: Record<MailLocale, Texts> = {
  en: {
    subject: 'Reset your password',
    hello: (n) => `Hello ${n},`,
    asked: 'Someone asked to reset the password of your account. To choose a new one, open the link below.',
    link: 'Choose a new password',
    note: 'The link works once and expires in 60 minutes. If you did not ask for this, ignore this mail.',
  },
  de: {
    subject: 'Passwort zurücksetzen',
    hello: (n) => `Hallo ${n},`,
    asked:
      'Jemand hat das Zurücksetzen des Passworts Ihres Kontos angefordert. Um ein neues zu wählen, öffnen Sie den Link unten.',
    link: 'Neues Passwort wählen',
    note: 'Der Link gilt einmal und läuft in 60 Minuten ab. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.',
  },
  es: {
    subject: 'Restablecer tu contraseña',
    hello: (n) => `Hola, ${n}:`,
    asked: 'Alguien ha pedido restablecer la contraseña de tu cuenta. Para elegir una nueva, abre el enlace de abajo.',
    link: 'Elegir una nueva contraseña',
    note: 'El enlace funciona una vez y caduca en 60 minutos. Si no lo has pedido tú, ignora este correo.',
  },
  fr: {
    subject: 'Réinitialiser votre mot de passe',
    hello: (n) => `Bonjour ${n},`,
    asked:
      'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte. Pour en choisir un nouveau, ouvrez le lien ci-dessous.',
    link: 'Choisir un nouveau mot de passe',
    note: 'Le lien fonctionne une fois et expire dans 60 minutes. Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.',
  },
  ja: {
    subject: 'パスワードの再設定',
    hello: (n) => `${n} 様`,
    asked:
      'あなたのアカウントのパスワード再設定が依頼されました。新しいパスワードを設定するには、下のリンクを開いてください。',
    link: '新しいパスワードを設定する',
    note: 'このリンクは1回限り有効で、60分後に失効します。心当たりがない場合は、このメールを無視してください。',
  },
  zh: {
    subject: '重置您的密码',
    hello: (n) => `${n}，您好：`,
    asked: '有人请求重置您账户的密码。如需设置新密码，请打开下面的链接。',
    link: '设置新密码',
    note: '该链接仅可使用一次，60 分钟后失效。如果这不是您的操作，请忽略此邮件。',
  },
};

export function resetPasswordMail(
  locale: MailLocale,
  to: string,
  firstName: string,
  link: string,
): Omit<NewMail, 'userId'> {
  const t = TEXTS[locale];
  return { to, ...renderMail(t.subject, [[t.hello(firstName)], [t.asked], [t.note]], { label: t.link, url: link }) };
}
