import { describe, expect, it } from 'vitest';
import {
  BREACHED_LIST_SIZE,
  isBreachedPassword,
  loadBreachedPasswords,
  normalisedForms,
} from './breached-passwords.ts';

describe('breached passwords', () => {
  it('holds the 10,000 most common, most frequent first', async () => {
    const list = await loadBreachedPasswords();
    expect(list.size).toBe(BREACHED_LIST_SIZE);
    expect([...list].slice(0, 2)).toEqual(['123456', 'password']);
  });

  it.each([
    'Password1!',
    'Qwerty123!',
    'P@ssw0rd',
    'PASSWORD1!',
    'Pa$$w0rd1!',
    '!Letmein1',
    'Welcome1!',
    'Ｐａｓｓｗｏｒｄ１！',
  ])('refuses %s', async (password) => {
    expect(await isBreachedPassword(password)).toBe(true);
  });

  it.each(['Secret123!', 'Admin123!', 'Correct-Horse7!', 'Tr4il-Mix-Quasar9', 'Summer2024!x'])(
    'accepts %s',
    async (password) => {
      expect(await isBreachedPassword(password)).toBe(false);
    },
  );

  it('compares case-insensitively, without edge specials and with look-alikes undone', () => {
    expect(normalisedForms('Pa$$w0rd1!')).toEqual(['pa$$w0rd1!', 'pa$$w0rd1', 'password1!', 'password1']);
    // Digits that are not between letters stay digits.
    expect(normalisedForms('Qwerty123!')).toEqual(['qwerty123!', 'qwerty123']);
  });

  it('refuses every policy-conforming dressing of at least 3,000 list entries', async () => {
    const policy = (p: string) =>
      p.length >= 8 && /[a-z]/.test(p) && /[A-Z]/.test(p) && /[0-9]/.test(p) && /[@$!%*#?&]/.test(p);
    const digitFor: Record<string, string> = { o: '0', e: '3', a: '4', i: '1', s: '5', t: '7' };
    let dressed = 0;
    for (const word of await loadBreachedPasswords()) {
      const at = word.search(/[a-z]/);
      if (at < 0) continue;
      // Capitalised, a look-alike digit if it has none, a '!' if it has no special: "P4ssword!".
      let p = word.slice(0, at) + word[at]!.toUpperCase() + word.slice(at + 1);
      if (!/[0-9]/.test(p)) p = p.replace(/(?<=[a-zA-Z])[oeaist](?=[a-z])/, (c) => digitFor[c]!);
      if (!/[@$!%*#?&]/.test(p)) p += '!';
      if (!policy(p)) continue;
      dressed++;
      expect(await isBreachedPassword(p), p).toBe(true);
    }
    expect(dressed).toBeGreaterThanOrEqual(3000);
  });
});
