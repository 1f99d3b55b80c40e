import { MESSAGES } from '@app/contracts';
import { AppError } from './app-error.ts';

/**
 * Breached-password screening (ASVS 5.0 V6.2.4: a new password is checked against at least the
 * top 3,000 breached passwords that fit the password policy).
 *
 * The list is the 10,000 most frequent entries of zxcvbn-ts's breach-derived password list
 * (`@zxcvbn-ts/language-common`, MIT, no network at run time), most frequent first and lower-cased.
 * 10,000 rather than all 49,000: the tail adds little and refuses more ordinary passwords.
 *
 * The list holds bare words ("password1", "qwerty123") while the policy demands upper case and a
 * special character, so a password is compared after normalising it the way such passwords are
 * dressed up: Unicode NFKC and lower case ("Password1" → "password1"), without the special
 * characters the policy forces at either end ("Qwerty123!" → "qwerty123"), and with the common
 * look-alike substitutions undone ("P@ssw0rd" → "password"). Any of these forms on the list refuses it.
 *
 * The check runs on the server only: the list would add ~380 KB to the sign-up and reset pages.
 */
export const BREACHED_LIST_SIZE = 10_000;

const POLICY_SPECIALS = '@$!%*#?&';
const EDGE_SPECIALS = new RegExp(`^[${escape(POLICY_SPECIALS)}]+|[${escape(POLICY_SPECIALS)}]+$`, 'gu');
const LOOK_ALIKES: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '3': 'e',
  '1': 'i',
  '!': 'i',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
};
const LOOK = `[${escape(Object.keys(LOOK_ALIKES).join(''))}]`;
/** A look-alike between letters (others may stand between): "p@ssw0rd1" → "password1", digits at the end stay. */
const LOOK_ALIKE = new RegExp(`(?<=\\p{L}${LOOK}*)${LOOK}(?=${LOOK}*\\p{L})`, 'gu');

let list: Promise<ReadonlySet<string>> | undefined;

/** Loads the list once (~100 ms: the package decompresses its dictionaries), on first use. */
export function loadBreachedPasswords(): Promise<ReadonlySet<string>> {
  list ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].slice(0, BREACHED_LIST_SIZE)),
  );
  return list;
}

/** The forms of `password` compared with the list (see above). */
export function normalisedForms(password: string): string[] {
  const lower = password.normalize('NFKC').toLowerCase();
  const bare = lower.replace(EDGE_SPECIALS, '');
  const undo = (s: string) => s.replace(LOOK_ALIKE, (c) => LOOK_ALIKES[c]!);
  return [...new Set([lower, bare, undo(lower), undo(bare)])];
}

export async function isBreachedPassword(password: string): Promise<boolean> {
  const breached = await loadBreachedPasswords();
  return normalisedForms(password).some((form) => breached.has(form));
}

/** Throws 400 BREACHED_PASSWORD for a password on the list: where a password is chosen. */
export async function refuseBreachedPassword(password: string): Promise<void> {
  if (await isBreachedPassword(password)) throw new AppError('BREACHED_PASSWORD', 400, MESSAGES.breachedPassword);
}

function escape(chars: string): string {
  return chars.replace(/[\\\]^$-]/g, '\\$&');
}
