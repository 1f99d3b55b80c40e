import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_FIRM, loadConfig } from '../src/config.ts';

describe('commerce configuration', () => {
  it('offers demo and manual in demo mode, manual otherwise; the catalogue is the app’s own page', () => {
    expect(loadConfig({}).paymentProviders).toEqual(['demo', 'manual']);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', ...DEMO_FIRM }).paymentProviders).toEqual(['manual']);
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

  it('outside demo mode, invoices need the seller named: no demo firm is filled in', () => {
    const bank = { BANK_IBAN: DEMO_FIRM.BANK_IBAN, BANK_BIC: DEMO_FIRM.BANK_BIC, BANK_NAME: DEMO_FIRM.BANK_NAME };
    const server = { DATABASE_URL: 'postgres://u@h/db', ...bank };
    expect(() => loadConfig(server)).toThrow(
      /SELLER_NAME, SELLER_ADDRESS, SELLER_COUNTRY: invoices name the seller; outside demo mode there is no default/,
    );
    expect(() => loadConfig({ ...server, SELLER_NAME: 'Alpine Capital GmbH', SELLER_COUNTRY: 'AT' })).toThrow(
      /^Invalid configuration:\n {2}SELLER_ADDRESS: invoices name the seller/,
    );
    const firm = loadConfig({
      ...server,
      SELLER_NAME: 'Alpine Capital GmbH',
      SELLER_ADDRESS: 'Ringstraße 1|1010 Wien',
      SELLER_COUNTRY: 'AT',
    });
    expect([firm.SELLER_NAME, firm.SELLER_ADDRESS, firm.SELLER_COUNTRY, firm.BANK_BENEFICIARY]).toEqual([
      'Alpine Capital GmbH',
      ['Ringstraße 1', '1010 Wien'],
      'AT',
      'Alpine Capital GmbH',
    ]);
    // Demo mode prints the demo firm.
    expect(loadConfig({})).toMatchObject({ SELLER_NAME: DEMO_FIRM.SELLER_NAME, SELLER_COUNTRY: 'CZ' });
  });

  it("outside demo mode, bank transfers need the firm's account: no demo account is filled in", () => {
    const seller = {
      SELLER_NAME: DEMO_FIRM.SELLER_NAME,
      SELLER_ADDRESS: DEMO_FIRM.SELLER_ADDRESS,
      SELLER_COUNTRY: DEMO_FIRM.SELLER_COUNTRY,
    };
    const server = { DATABASE_URL: 'postgres://u@h/db', ...seller };
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
    expect(loadConfig({}).BANK_IBAN).toBe(DEMO_FIRM.BANK_IBAN);
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
