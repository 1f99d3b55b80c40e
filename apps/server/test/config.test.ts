import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_FIRM, loadConfig } from '../src/config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.HOST).toBe('127.0.0.1');
    expect(c.DATA_DIR).toBe('./data');
    expect(c.TRADING_DAY_TZ).toBe('Europe/Prague');
    expect(c.demoData).toBe(true);
    expect(c.publicUrl).toBe('http://127.0.0.1:3000');
  });

  it('turns demo data off with a DATABASE_URL unless asked for', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', ...DEMO_FIRM }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO_DATA: 'true' }).demoData).toBe(true);
  });

  describe('STAFF_MFA_REQUIRED', () => {
    const production = { DATABASE_URL: 'postgres://u@h/db', ...DEMO_FIRM };
    it('unset outside demo mode: staff must use two-factor sign-in', () => {
      expect(loadConfig(production).staffMfaRequired).toBe(true);
    });
    it('unset in demo mode: not required', () => {
      expect(loadConfig({}).staffMfaRequired).toBe(false);
      expect(loadConfig({ ...production, DEMO_DATA: 'true' }).staffMfaRequired).toBe(false);
    });
    it('an explicit value wins either way', () => {
      expect(loadConfig({ ...production, STAFF_MFA_REQUIRED: 'false' }).staffMfaRequired).toBe(false);
      expect(loadConfig({ STAFF_MFA_REQUIRED: 'true' }).staffMfaRequired).toBe(true);
    });
    it('a bad value stops the start with a message naming it', () => {
      expect(() => loadConfig({ STAFF_MFA_REQUIRED: 'maybe' })).toThrow(/STAFF_MFA_REQUIRED:/);
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['TRADING_DAY_TZ', 'Mars/Olympus'],
    ['SMTP_URL', 'http://mail'],
    ['LOG_LEVEL', 'loud'],
    ['SESSION_IDLE_MINUTES', '0'],
    ['DEMO_DATA', 'maybe'],
    ['PUBLIC_URL', 'not a url'],
  ])('a bad %s stops the start with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});
