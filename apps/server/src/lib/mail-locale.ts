import { MAIL_LOCALES, type MailLocale } from './mail-render.ts';

/** The first supported language of an Accept-Language header (quality order), else English. */
export function localeOf(acceptLanguage: string | undefined): MailLocale {
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
  return (hit?.lang as MailLocale | undefined) ?? 'en';
}

/** An amount in cents as the language writes money. */
export const formatMoney = (locale: MailLocale, currency: string, cents: number): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
