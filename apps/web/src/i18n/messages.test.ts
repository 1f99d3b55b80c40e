import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales';

const dir = join(__dirname, 'messages');
const load = (l: string) => JSON.parse(readFileSync(join(dir, `${l}.json`), 'utf8')) as Record<string, string>;
const en = load('en');
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('has exactly the six languages', () => {
    expect(
      readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.replace('.json', ''))
        .sort(),
    ).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every English key and no extra ones', (locale) => {
    const messages = load(locale);
    const missing = Object.keys(en).filter((k) => !(k in messages));
    const extra = Object.keys(messages).filter((k) => !(k in en));
    expect(missing, `missing in ${locale}`).toEqual([]);
    expect(extra, `extra in ${locale}`).toEqual([]);
  });

  it.each(LOCALES)('%s has no empty texts and keeps the ICU placeholders', (locale) => {
    const messages = load(locale);
    for (const [key, text] of Object.entries(messages)) {
      expect(text.trim(), `${locale}:${key}`).not.toBe('');
      expect(placeholders(text), `${locale}:${key}`).toEqual(placeholders(en[key]!));
    }
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s is actually translated, not English copied', (locale) => {
    const messages = load(locale);
    const same = Object.keys(en).filter((k) => messages[k] === en[k]);
    // A few words are the same in both (e.g. "Contact", "Support", "Dashboard").
    expect(same.length / Object.keys(en).length).toBeLessThan(0.06);
  });

  it('has a text of its own for each error code a member can meet paying, retrying or asking for a payout', () => {
    // Without one the screens fall back to the server's message, which is English.
    const codes = [
      'ORDER_NOT_PENDING',
      'ORDER_NOT_PAID',
      'PAYMENT_PROVIDER_UNAVAILABLE',
      'PAYMENT_PROVIDER_NOT_ENABLED',
      'PAYOUT_ABOVE_AVAILABLE',
      'PAYOUT_NOT_ELIGIBLE',
      'PAYOUT_OPEN_REQUEST_EXISTS',
      'RATE_LIMITED',
      'SERVICE_UNAVAILABLE',
    ];
    expect(codes.filter((c) => !en[`ERROR.CODE.${c}`])).toEqual([]);
  });

  it('holds SPEC texts exactly in English', () => {
    expect(en['AUTH.TAGLINE']).toBe('Your funding platform. All you need is here!');
    expect(en['AUTH.LOGIN.TITLE_ADMIN']).toBe('Access the Dashboard');
    expect(en['AUTH.LOGIN.TITLE_MEMBER']).toBe('Access the Member Area');
    expect(en['SESSION.ENDED']).toBe('Your session has ended. Redirecting to login...');
    expect(en['SESSION.VERIFICATION_FAILED']).toBe('Session verification failed. Redirecting to login...');
    expect(en['ERROR.404.TITLE']).toBe("Oops! We can't find that page.");
    expect(en['ERROR.500.TITLE']).toBe('System Error, Something went wrong! Please try again later.');
    expect(en['HEADER.ACCOUNT_ID']).toBe('Account ID: ');
  });
});
