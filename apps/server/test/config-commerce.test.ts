import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_BANK, loadConfig } from '../src/config.ts';

describe('commerce configuration', () => {
  it('offers demo and manual in demo mode, manual otherwise; the catalogue is the app’s own page', () => {
    expect(loadConfig({}).paymentProviders).toEqual(['demo', 'manual']);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', ...DEMO_BANK }).paymentProviders).toEqual(['manual']);
    expect(loadConfig({}).START_CHALLENGE_URL).toBe('/start-challenge');
    expect(loadConfig({ START_CHALLENGE_URL: 'https://shop.example.com/' }).START_CHALLENGE_URL).toBe(
      'https://shop.example.com/',
    );
    const c = loadConfig({});
    expect(c.VAT_RATES.size).toBe(0);
    expect(c.SELLER_COUNTRY).toBe('CZ');
    expect(c.BANK_BENEFICIARY).toBe(c.SELLER_NAME);
    // The app's legal page holds the terms.
    expect(c.TERMS_URL).toBe('/legal');
  });

  it('reads VAT rates, the seller address lines and the IBAN', () => {
    const c = loadConfig({
      VAT_RATES: 'CZ:21, DE:19,AT:20.5',
      SELLER_ADDRESS: 'Street 1 | 110 00 Praha ',
      BANK_IBAN: 'de89 3704 0044 0532 0130 00',
    });
    expect([...c.VAT_RATES]).toEqual([
      ['CZ', 2100],
      ['DE', 1900],
      ['AT', 2050],
    ]);
    expect(c.SELLER_ADDRESS).toEqual(['Street 1', '110 00 Praha']);
    expect(c.BANK_IBAN).toBe('DE89370400440532013000');
  });

  it('refuses the demo provider outside demo mode, and Stripe without its secrets', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db', PAYMENT_PROVIDERS: 'demo' })).toThrow(
      /PAYMENT_PROVIDERS: demo/,
    );
    expect(() => loadConfig({ PAYMENT_PROVIDERS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_12345678' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    const ok = loadConfig({
      PAYMENT_PROVIDERS: 'stripe, manual',
      STRIPE_SECRET_KEY: 'sk_test_12345678',
      STRIPE_WEBHOOK_SECRET: 'whsec_12345678',
    });
    expect(ok.paymentProviders).toEqual(['stripe', 'manual']);
  });

  it("outside demo mode, bank transfers need the firm's account: no demo account is filled in", () => {
    const server = { DATABASE_URL: 'postgres://u@h/db' };
    expect(() => loadConfig(server)).toThrow(/BANK_IBAN, BANK_BIC, BANK_NAME: bank transfers/);
    expect(() => loadConfig({ ...server, BANK_IBAN: 'DE89370400440532013000' })).toThrow(/BANK_BIC, BANK_NAME:/);
    const firm = loadConfig({
      ...server,
      BANK_IBAN: 'DE89 3704 0044 0532 0130 00',
      BANK_BIC: 'COBADEFFXXX',
      BANK_NAME: 'Commerzbank',
    });
    expect([firm.BANK_IBAN, firm.BANK_BIC, firm.BANK_NAME]).toEqual([
      'DE89370400440532013000',
      'COBADEFFXXX',
      'Commerzbank',
    ]);
    // Without bank transfers, none is needed; in demo mode the demo account is used.
    const stripeOnly = {
      PAYMENT_PROVIDERS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_12345678',
      STRIPE_WEBHOOK_SECRET: 'whsec_12345678',
    };
    expect(loadConfig({ ...server, ...stripeOnly }).paymentProviders).toEqual(['stripe']);
    expect(loadConfig({}).BANK_IBAN).toBe(DEMO_BANK.BANK_IBAN);
  });

  it.each([
    ['PAYMENT_PROVIDERS', 'paypal'],
    ['PAYMENT_PROVIDERS', ' , '],
    ['VAT_RATES', 'CZ=21'],
    ['VAT_RATES', 'XX:21'],
    ['SELLER_COUNTRY', 'Czechia'],
    ['BANK_IBAN', '12345'],
    ['BANK_BIC', 'bic'],
    ['START_CHALLENGE_URL', '//evil.example.com'],
    ['TERMS_URL', 'javascript:alert(1)'],
    ['STRIPE_API_URL', 'not a url'],
  ])('a bad %s (%s) stops the start with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});
