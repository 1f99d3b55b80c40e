import type { NewMail } from '../mail/index.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function resetPasswordMail(to: string, firstName: string, link: string): Omit<NewMail, 'userId'> {
  return {
    to,
    subject: 'Reset your password',
    text: [
      `Hello ${firstName},`,
      '',
      'Someone asked to reset the password of your account. To choose a new one, open:',
      link,
      '',
      'The link works once and expires in 60 minutes. If you did not ask for this, ignore this mail.',
    ].join('\n'),
    html:
      `<p>Hello ${escapeHtml(firstName)},</p>` +
      '<p>Someone asked to reset the password of your account.</p>' +
      `<p><a href="${escapeHtml(link)}">Choose a new password</a></p>` +
      '<p>The link works once and expires in 60 minutes. If you did not ask for this, ignore this mail.</p>',
  };
}
