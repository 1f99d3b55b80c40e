import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: codes are read aloud and typed from paper. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A public verification code such as C7K2-9QXD-M4TB (~59 bits). */
export function newCertificateCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < 3; g++) {
    let s = '';
    for (let i = 0; i < 4; i++) s += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(s);
  }
  return groups.join('-');
}
