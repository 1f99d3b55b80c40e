import { randomInt } from 'node:crypto';

/**
 * Crockford's base 32: 32 symbols, so each of the 12 characters carries 5 bits (60 in all). No I, L,
 * O or U; a code typed from paper with O, I or L is read as 0 or 1 (normalizeCertificateCode).
 */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A public verification code such as C7K2-9QXD-M4TB: 60 bits from the system's CSPRNG. */
export function newCertificateCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < 3; g++) {
    let s = '';
    for (let i = 0; i < 4; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    groups.push(s);
  }
  return groups.join('-');
}

/**
 * A code as someone typed it, in the stored form: case, spaces and hyphens free; O → 0, I/L → 1.
 * Null when it cannot be a code. Codes made before Crockford's alphabet (no 0, 1, O, I or L, but U)
 * come through unchanged.
 */
export function normalizeCertificateCode(input: string): string | null {
  if (input.length > 40) return null;
  const chars = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (!/^[0-9A-Z]{12}$/.test(chars)) return null;
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}
