import en from './messages/en.json';
import type { Locale } from './locales';

export type Messages = Record<string, string>;
export type MessageId = keyof typeof en;

export const englishMessages: Messages = en;

// English ships with the app; the other languages load when chosen.
const loaders = import.meta.glob<{ default: Messages }>(['./messages/*.json', '!./messages/en.json']);
const cache = new Map<Locale, Messages>([['en', en]]);

export async function loadMessages(locale: Locale): Promise<Messages> {
  const cached = cache.get(locale);
  if (cached) return cached;
  const loader = loaders[`./messages/${locale}.json`];
  if (!loader) return en;
  const mod = await loader();
  // Anything missing falls back to English rather than showing an id.
  const messages = { ...en, ...mod.default };
  cache.set(locale, messages);
  return messages;
}

export function cachedMessages(locale: Locale): Messages | undefined {
  return cache.get(locale);
}
