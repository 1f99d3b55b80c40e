import { COUNTRY_CODES } from '@app/contracts/commerce';

const cache = new Map<string, { value: string; label: string }[]>();

/** Every ISO 3166 country with its name in the reader's language, sorted by that name. */
export function countryOptions(locale: string): { value: string; label: string }[] {
  const cached = cache.get(locale);
  if (cached) return cached;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = null;
  }
  const collator = new Intl.Collator(locale);
  const options = COUNTRY_CODES.map((code) => ({ value: code, label: names?.of(code) ?? code })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
  cache.set(locale, options);
  return options;
}
