// A mail's plain-text and HTML bodies from the same paragraphs, every value escaped in the HTML.
export const MAIL_LOCALES = ['en', 'de', 'es', 'fr', 'ja', 'zh'] as const;
export type MailLocale = (typeof MAIL_LOCALES)[number];

/** The supported language of a language tag ("en-GB" → "en"), or undefined. */
export function mailLocaleOf(tag: string | undefined): MailLocale | undefined {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return MAIL_LOCALES.find((l) => l === base);
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A mail's body as paragraphs, a paragraph being lines; a line is text or [label, value]. */
export type MailLine = string | [string, string];
export type MailParagraph = MailLine[];

/** Between a label and its value, as each language writes it ("Code : …", "コード：…"). */
export function labelSeparator(locale: MailLocale | undefined): string {
  if (locale === 'fr') return '\u202f: ';
  if (locale === 'ja' || locale === 'zh') return '：';
  return ': ';
}

export function renderMail(
  subject: string,
  paragraphs: MailParagraph[],
  link?: { label: string; url: string },
  locale?: MailLocale,
): RenderedMail {
  const sep = labelSeparator(locale);
  const textLine = (l: MailLine) => (typeof l === 'string' ? l : `${l[0]}${sep}${l[1]}`);
  const htmlLine = (l: MailLine) =>
    typeof l === 'string' ? escapeHtml(l) : `${escapeHtml(l[0])}${sep}<strong>${escapeHtml(l[1])}</strong>`;
  const text = [...paragraphs.map((p) => p.map(textLine).join('\n')), ...(link ? [`${link.label}\n${link.url}`] : [])];
  const html = [
    ...paragraphs.map((p) => `<p>${p.map(htmlLine).join('<br>')}</p>`),
    ...(link
      ? [`<p>${escapeHtml(link.label)}<br><a href="${escapeHtml(link.url)}">${escapeHtml(link.url)}</a></p>`]
      : []),
  ];
  return { subject, text: text.join('\n\n'), html: html.join('\n') };
}
