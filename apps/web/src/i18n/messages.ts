import type { MessageFormatElement } from 'react-intl';
import enCore from './messages/en.json?core';
import type en from './messages/en.json';
import { getStoredLocale, type Locale } from './locales';

/** ICU syntax trees (precompiled by vite-plugins.ts), or plain strings. */
export type Messages = Record<string, string | MessageFormatElement[]>;
export type MessageId = keyof typeof en;

/** English for the auth screens: in the first download. Everything else loads on demand. */
export const englishMessages: Messages = enCore as Messages;

/** The English text of a message without placeholders, whichever form it is in. */
export function plainText(message: string | MessageFormatElement[] | undefined): string | undefined {
  if (message === undefined || typeof message === 'string') return message;
  if (message.length === 1 && message[0]!.type === 0) return message[0]!.value;
  return undefined;
}

const loaders = import.meta.glob<{ default: Messages }>('./messages/*.json');
const cache = new Map<Locale, Messages>();

/** A language's full messages, English filling any gap. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const cached = cache.get(locale);
  if (cached) return cached;
  const [english, own] = await Promise.all([
    loaders['./messages/en.json']!().then((m) => m.default),
    locale === 'en' ? {} : (loaders[`./messages/${locale}.json`]?.().then((m) => m.default) ?? {}),
  ]);
  const messages: Messages = { ...english, ...own };
  cache.set(locale, messages);
  return messages;
}

export function cachedMessages(locale: Locale): Messages | undefined {
  return cache.get(locale);
}

type Listener = (locale: Locale) => void;
const listeners = new Set<Listener>();
/** The i18n provider listens for full messages arriving (possibly before it mounted). */
export function onFullMessages(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
/** Routes beyond the auth screens wait for the full messages of the stored language. */
export async function ensureFullMessages(): Promise<void> {
  const locale = getStoredLocale();
  if (cache.has(locale)) return;
  await loadMessages(locale);
  for (const fn of listeners) fn(locale);
}
