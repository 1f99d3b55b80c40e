import { MAIL_LOCALES, type MailLocale } from './mail-render.ts';

/** The first supported language of an Accept-Language header (quality order), else English. */
export function localeOf(acceptLanguage: string | undefined): MailLocale {
  return languageAsked(acceptLanguage) ?? 'en';
}

/** The first supported language an Accept-Language header names (quality order), if any. */
export function languageAsked(acceptLanguage: string | undefined): MailLocale | undefined {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), i };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  const hit = ranked.find((x) => (MAIL_LOCALES as readonly string[]).includes(x.lang));
  return hit?.lang as MailLocale | undefined;
}

/** One formatter per language and currency: building one costs more than the mail it formats. */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount in cents as the language writes money. */
export function formatMoney(locale: MailLocale, currency: string, cents: number): string {
  const key = `${locale} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format) moneyFormats.set(key, (format = new Intl.NumberFormat(locale, { style: 'currency', currency })));
  return format.format(cents / 100);
}
