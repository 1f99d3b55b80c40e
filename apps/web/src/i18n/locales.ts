import { getJson, setJson } from '../lib/storage';

export const LOCALES = ['en', 'de', 'es', 'fr', 'ja', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** SPEC §3: stored under a configurable key whose default is i18nConfig. */
export const I18N_CONFIG_KEY = (import.meta.env.VITE_I18N_CONFIG_KEY as string | undefined) ?? 'i18nConfig';

/** Each language's own name, so a reader finds theirs whatever the current language. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  ja: '日本語',
  zh: '中文',
};

/**
 * The locale dates, numbers and money are formatted in. English uses British conventions (day
 * before month, 24-hour clock, "CET"-style zone names), which read unambiguously for a European
 * firm's traders everywhere.
 */
export const FORMAT_LOCALES: Record<Locale, string> = { en: 'en-GB', de: 'de', es: 'es', fr: 'fr', ja: 'ja', zh: 'zh' };

export const LOCALE_FLAGS: Record<Locale, string> = { en: '🇬🇧', de: '🇩🇪', es: '🇪🇸', fr: '🇫🇷', ja: '🇯🇵', zh: '🇨🇳' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function getStoredLocale(): Locale {
  const stored = getJson<{ selectedLang?: unknown }>(I18N_CONFIG_KEY);
  return isLocale(stored?.selectedLang) ? stored.selectedLang : DEFAULT_LOCALE;
}

export function storeLocale(locale: Locale): void {
  setJson(I18N_CONFIG_KEY, { selectedLang: locale });
}
