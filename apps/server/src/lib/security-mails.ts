// Security mails in the person's language: a new sign-in, password or email changed, the new
// address's confirmation link, two-factor sign-in on or off. Always sent (no preference turns
// them off); plain text and HTML from the same paragraphs, every value escaped.
import { MAIL_LOCALES, renderMail, type MailLocale, type MailParagraph, type RenderedMail } from './mail-render.ts';
import type { Device } from './user-agent.ts';

export type SecurityMail =
  | { kind: 'new_sign_in'; when: Date; device: Device | null; ip: string; place: string | null }
  | { kind: 'password_changed' }
  | { kind: 'email_changed'; newEmail: string }
  | { kind: 'email_confirm'; newEmail: string; link: string }
  | { kind: 'email_change_requested'; newEmail: string }
  | { kind: 'mfa_enabled' }
  | { kind: 'mfa_disabled' };

interface Texts {
  hello: (name: string) => string;
  subject: Record<SecurityMail['kind'], string>;
  newSignIn: string;
  when: string;
  device: string;
  /** A browser on a system, both by their own names. */
  deviceOn: (browser: string, os: string) => string;
  unknownDevice: string;
  ip: string;
  place: string;
  passwordChanged: string;
  emailChanged: (to: string) => string;
  emailConfirm: (to: string) => string;
  emailChangeRequested: (to: string) => string;
  confirmLink: string;
  confirmNote: string;
  mfaEnabled: string;
  mfaDisabled: string;
  notYou: string;
}

const TEXTS: Record<MailLocale, Texts> = {
  en: {
    hello: (n) => `Hello ${n},`,
    subject: {
      new_sign_in: 'New sign-in to your account',
      password_changed: 'Your password was changed',
      email_changed: 'Your email address was changed',
      email_confirm: 'Confirm your new email address',
      email_change_requested: 'Someone asked to change your email address',
      mfa_enabled: 'Two-factor sign-in is on',
      mfa_disabled: 'Two-factor sign-in is off',
    },
    newSignIn: 'Your account was just signed in to from a new device or country.',
    when: 'When',
    device: 'Device',
    deviceOn: (b, o) => `${b} on ${o}`,
    unknownDevice: 'Unknown device',
    ip: 'IP address',
    place: 'Approximate place',
    passwordChanged: 'The password of your account was changed, and your other sessions were signed out.',
    emailChanged: (to) => `The email address of your account was changed to ${to}. Mails now go there.`,
    emailConfirm: (to) => `To use ${to} as the email address of your account, confirm it with the link below.`,
    emailChangeRequested: (to) =>
      `A change of your account’s email address to ${to} was asked for. It happens only once the link sent there is opened; changing your password cancels it.`,
    confirmLink: 'Confirm the new address',
    confirmNote: 'The link works once and expires in 24 hours. If you did not ask for this, ignore this mail.',
    mfaEnabled: 'Two-factor sign-in was turned on for your account.',
    mfaDisabled: 'Two-factor sign-in was turned off for your account.',
    notYou: 'If this was not you, change your password at once and contact support.',
  },
  de: {
    hello: (n) => `Hallo ${n},`,
    subject: {
      new_sign_in: 'Neue Anmeldung bei Ihrem Konto',
      password_changed: 'Ihr Passwort wurde geändert',
      email_changed: 'Ihre E-Mail-Adresse wurde geändert',
      email_confirm: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
      email_change_requested: 'Es wurde eine Änderung Ihrer E-Mail-Adresse angefordert',
      mfa_enabled: 'Zwei-Faktor-Anmeldung ist aktiv',
      mfa_disabled: 'Zwei-Faktor-Anmeldung ist deaktiviert',
    },
    newSignIn: 'Ihr Konto wurde soeben von einem neuen Gerät oder aus einem neuen Land angemeldet.',
    when: 'Wann',
    device: 'Gerät',
    deviceOn: (b, o) => `${b} unter ${o}`,
    unknownDevice: 'Unbekanntes Gerät',
    ip: 'IP-Adresse',
    place: 'Ungefährer Ort',
    passwordChanged: 'Das Passwort Ihres Kontos wurde geändert, und Ihre anderen Sitzungen wurden abgemeldet.',
    emailChanged: (to) => `Die E-Mail-Adresse Ihres Kontos wurde in ${to} geändert. E-Mails gehen jetzt dorthin.`,
    emailConfirm: (to) =>
      `Um ${to} als E-Mail-Adresse Ihres Kontos zu verwenden, bestätigen Sie sie über den Link unten.`,
    emailChangeRequested: (to) =>
      `Es wurde angefordert, die E-Mail-Adresse Ihres Kontos in ${to} zu ändern. Das geschieht erst, wenn der dorthin gesendete Link geöffnet wird; eine Änderung Ihres Passworts bricht sie ab.`,
    confirmLink: 'Neue Adresse bestätigen',
    confirmNote:
      'Der Link gilt einmal und läuft in 24 Stunden ab. Wenn Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail.',
    mfaEnabled: 'Die Zwei-Faktor-Anmeldung wurde für Ihr Konto aktiviert.',
    mfaDisabled: 'Die Zwei-Faktor-Anmeldung wurde für Ihr Konto deaktiviert.',
    notYou: 'Wenn Sie das nicht waren, ändern Sie sofort Ihr Passwort und wenden Sie sich an den Support.',
  },
  es: {
    hello: (n) => `Hola ${n}:`,
    subject: {
      new_sign_in: 'Nuevo inicio de sesión en tu cuenta',
      password_changed: 'Tu contraseña se ha cambiado',
      email_changed: 'Tu dirección de correo se ha cambiado',
      email_confirm: 'Confirma tu nueva dirección de correo',
      email_change_requested: 'Se ha pedido cambiar tu dirección de correo',
      mfa_enabled: 'El inicio de sesión en dos pasos está activado',
      mfa_disabled: 'El inicio de sesión en dos pasos está desactivado',
    },
    newSignIn: 'Se acaba de iniciar sesión en tu cuenta desde un dispositivo o país nuevo.',
    when: 'Cuándo',
    device: 'Dispositivo',
    deviceOn: (b, o) => `${b} en ${o}`,
    unknownDevice: 'Dispositivo desconocido',
    ip: 'Dirección IP',
    place: 'Lugar aproximado',
    passwordChanged: 'La contraseña de tu cuenta se ha cambiado y se han cerrado tus demás sesiones.',
    emailChanged: (to) =>
      `La dirección de correo de tu cuenta se ha cambiado a ${to}. Los correos se envían ahora allí.`,
    emailConfirm: (to) => `Para usar ${to} como dirección de correo de tu cuenta, confírmala con el enlace de abajo.`,
    emailChangeRequested: (to) =>
      `Se ha pedido cambiar la dirección de correo de tu cuenta a ${to}. Solo ocurre cuando se abre el enlace enviado allí; cambiar tu contraseña lo cancela.`,
    confirmLink: 'Confirmar la nueva dirección',
    confirmNote: 'El enlace sirve una vez y caduca en 24 horas. Si no lo has pedido tú, ignora este correo.',
    mfaEnabled: 'Se ha activado el inicio de sesión en dos pasos en tu cuenta.',
    mfaDisabled: 'Se ha desactivado el inicio de sesión en dos pasos en tu cuenta.',
    notYou: 'Si no has sido tú, cambia tu contraseña de inmediato y contacta con soporte.',
  },
  fr: {
    hello: (n) => `Bonjour ${n},`,
    subject: {
      new_sign_in: 'Nouvelle connexion à votre compte',
      password_changed: 'Votre mot de passe a été modifié',
      email_changed: 'Votre adresse e-mail a été modifiée',
      email_confirm: 'Confirmez votre nouvelle adresse e-mail',
      email_change_requested: 'Une modification de votre adresse e-mail a été demandée',
      mfa_enabled: 'La connexion à deux facteurs est activée',
      mfa_disabled: 'La connexion à deux facteurs est désactivée',
    },
    newSignIn: 'Une connexion à votre compte vient d’avoir lieu depuis un nouvel appareil ou un nouveau pays.',
    when: 'Quand',
    device: 'Appareil',
    deviceOn: (b, o) => `${b} sur ${o}`,
    unknownDevice: 'Appareil inconnu',
    ip: 'Adresse IP',
    place: 'Lieu approximatif',
    passwordChanged: 'Le mot de passe de votre compte a été modifié et vos autres sessions ont été déconnectées.',
    emailChanged: (to) =>
      `L’adresse e-mail de votre compte a été remplacée par ${to}. Les e-mails y sont désormais envoyés.`,
    emailConfirm: (to) =>
      `Pour utiliser ${to} comme adresse e-mail de votre compte, confirmez-la avec le lien ci-dessous.`,
    emailChangeRequested: (to) =>
      `Il a été demandé de remplacer l’adresse e-mail de votre compte par ${to}. Cela ne se fait qu’à l’ouverture du lien envoyé à cette adresse ; changer votre mot de passe l’annule.`,
    confirmLink: 'Confirmer la nouvelle adresse',
    confirmNote:
      'Le lien ne sert qu’une fois et expire dans 24 heures. Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.',
    mfaEnabled: 'La connexion à deux facteurs a été activée sur votre compte.',
    mfaDisabled: 'La connexion à deux facteurs a été désactivée sur votre compte.',
    notYou: 'Si ce n’était pas vous, changez immédiatement votre mot de passe et contactez le support.',
  },
  ja: {
    hello: (n) => `${n} 様`,
    subject: {
      new_sign_in: 'アカウントへの新しいサインイン',
      password_changed: 'パスワードが変更されました',
      email_changed: 'メールアドレスが変更されました',
      email_confirm: '新しいメールアドレスを確認してください',
      email_change_requested: 'メールアドレスの変更が申請されました',
      mfa_enabled: '2段階認証が有効になりました',
      mfa_disabled: '2段階認証が無効になりました',
    },
    newSignIn: '新しいデバイスまたは国から、お客様のアカウントにサインインがありました。',
    when: '日時',
    device: 'デバイス',
    deviceOn: (b, o) => `${o} の ${b}`,
    unknownDevice: '不明なデバイス',
    ip: 'IPアドレス',
    place: 'おおよその場所',
    passwordChanged: 'アカウントのパスワードが変更され、他のセッションはサインアウトされました。',
    emailChanged: (to) => `アカウントのメールアドレスが ${to} に変更されました。今後のメールはこのアドレスに届きます。`,
    emailConfirm: (to) => `${to} をアカウントのメールアドレスとして使用するには、下のリンクで確認してください。`,
    emailChangeRequested: (to) =>
      `アカウントのメールアドレスを ${to} に変更する申請がありました。変更はそのアドレスに送られたリンクを開いたときにのみ行われます。パスワードを変更すると申請は取り消されます。`,
    confirmLink: '新しいアドレスを確認',
    confirmNote:
      'このリンクは1回のみ有効で、24時間で期限切れになります。お心当たりがない場合は、このメールを無視してください。',
    mfaEnabled: 'アカウントの2段階認証が有効になりました。',
    mfaDisabled: 'アカウントの2段階認証が無効になりました。',
    notYou: 'お心当たりがない場合は、すぐにパスワードを変更し、サポートにご連絡ください。',
  },
  zh: {
    hello: (n) => `${n}，您好：`,
    subject: {
      new_sign_in: '您的账户有新的登录',
      password_changed: '您的密码已更改',
      email_changed: '您的邮箱地址已更改',
      email_confirm: '请确认您的新邮箱地址',
      email_change_requested: '有人申请更改您的邮箱地址',
      mfa_enabled: '双重验证已开启',
      mfa_disabled: '双重验证已关闭',
    },
    newSignIn: '您的账户刚刚在新的设备或国家/地区登录。',
    when: '时间',
    device: '设备',
    deviceOn: (b, o) => `${o} 上的 ${b}`,
    unknownDevice: '未知设备',
    ip: 'IP 地址',
    place: '大致位置',
    passwordChanged: '您账户的密码已更改，其他会话均已退出登录。',
    emailChanged: (to) => `您账户的邮箱地址已更改为 ${to}，今后的邮件将发送至该地址。`,
    emailConfirm: (to) => `如需将 ${to} 用作您账户的邮箱地址，请通过下方链接确认。`,
    emailChangeRequested: (to) =>
      `有人申请将您账户的邮箱地址更改为 ${to}。只有打开发往该地址的链接后才会更改；更改密码即可取消此申请。`,
    confirmLink: '确认新地址',
    confirmNote: '该链接仅可使用一次，24 小时后失效。如果这不是您的操作，请忽略此邮件。',
    mfaEnabled: '您的账户已开启双重验证。',
    mfaDisabled: '您的账户已关闭双重验证。',
    notYou: '如果这不是您本人的操作，请立即更改密码并联系客服。',
  },
};

/** The stored language preference if it is one mails are written in, else `fallback` (English). */
export function mailLocaleOf(preferences: unknown, fallback: MailLocale = 'en'): MailLocale {
  const lang = (preferences as { language?: unknown } | null)?.language;
  return (MAIL_LOCALES as readonly unknown[]).includes(lang) ? (lang as MailLocale) : fallback;
}

/** The stored display time zone if it is one, else UTC: mails name the zone their times are in. */
export function mailTimeZoneOf(preferences: unknown): string {
  const zone = (preferences as { timeZone?: unknown } | null)?.timeZone;
  if (typeof zone !== 'string' || zone === '') return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

function deviceText(t: Texts, device: Device | null): string {
  if (!device) return t.unknownDevice;
  if (device.browser && device.os) return t.deviceOn(device.browser, device.os);
  return device.browser ?? device.os ?? device.other ?? t.unknownDevice;
}

export function securityMail(
  locale: MailLocale,
  firstName: string,
  mail: SecurityMail,
  timeZone = 'UTC',
): RenderedMail {
  const t = TEXTS[locale];
  const hello: MailParagraph = [t.hello(firstName)];
  const warn: MailParagraph = [t.notYou];
  switch (mail.kind) {
    case 'new_sign_in': {
      // dateStyle cannot be combined with timeZoneName: the zone is written out.
      const when = `${new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(mail.when)} (${timeZone})`;
      const facts: MailParagraph = [
        [t.when, when],
        [t.device, deviceText(t, mail.device)],
        [t.ip, mail.ip],
        ...(mail.place ? [[t.place, mail.place] as [string, string]] : []),
      ];
      return renderMail(t.subject.new_sign_in, [hello, [t.newSignIn], facts, warn], undefined, locale);
    }
    case 'password_changed':
      return renderMail(t.subject.password_changed, [hello, [t.passwordChanged], warn]);
    case 'email_changed':
      return renderMail(t.subject.email_changed, [hello, [t.emailChanged(mail.newEmail)], warn]);
    case 'email_change_requested':
      return renderMail(t.subject.email_change_requested, [hello, [t.emailChangeRequested(mail.newEmail)], warn]);
    case 'email_confirm':
      return renderMail(t.subject.email_confirm, [hello, [t.emailConfirm(mail.newEmail)], [t.confirmNote]], {
        label: t.confirmLink,
        url: mail.link,
      });
    case 'mfa_enabled':
      return renderMail(t.subject.mfa_enabled, [hello, [t.mfaEnabled], warn]);
    case 'mfa_disabled':
      return renderMail(t.subject.mfa_disabled, [hello, [t.mfaDisabled], warn]);
  }
}
