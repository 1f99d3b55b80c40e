import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, newCertificateCode, normalizeCertificateCode } from './certificate-code.ts';

describe('certificate codes', () => {
  it('has 32 distinct symbols, so 12 characters carry 60 bits', () => {
    expect(new Set(CODE_ALPHABET).size).toBe(32);
    expect(12 * Math.log2(CODE_ALPHABET.length)).toBeGreaterThanOrEqual(60);
  });

  it('matches the table CHECK and uses every symbol about evenly', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 4000; i++) {
      const code = newCertificateCode();
      expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      for (const c of code.replace(/-/g, '')) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect(counts.size).toBe(32);
    // 48,000 symbols: 1,500 expected each; a biased or short alphabet falls far outside.
    for (const n of counts.values()) expect(n).toBeGreaterThan(1200);
  });

  it('reads a typed code back into its stored form; anything else is not a code', () => {
    expect(normalizeCertificateCode('c7k2 9qxd m4tb')).toBe('C7K2-9QXD-M4TB');
    expect(normalizeCertificateCode('C7K2-9QXD-M4TO')).toBe('C7K2-9QXD-M4T0');
    expect(normalizeCertificateCode('IL00-0000-0000')).toBe('1100-0000-0000');
    expect(normalizeCertificateCode('C7K2-9QXD')).toBeNull();
    expect(normalizeCertificateCode("'; drop table--")).toBeNull();
    expect(normalizeCertificateCode('x'.repeat(1000))).toBeNull();
  });
});
