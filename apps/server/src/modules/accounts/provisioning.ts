import { randomInt } from 'node:crypto';
import type { Tx } from '../../db/client.ts';
import { initialState, type PhaseRules } from '../../engine/index.ts';
import type { CertificatesService } from '../certificates/index.ts';
import { rulesOf, type AccountRow } from './account-row.ts';
import { accountsRepository } from './accounts.repository.ts';

const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A platform password: letters and digits, always with each class (platforms demand it). */
export function newPlatformPassword(): string {
  for (;;) {
    let s = '';
    for (let i = 0; i < 12; i++) s += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
    if (/[a-z]/.test(s) && /[A-Z]/.test(s) && /[0-9]/.test(s)) return s;
  }
}

export function platformServer(platform: string): string {
  return platform === 'demo' ? 'FundingPlatform-Demo' : `FundingPlatform-${platform.toUpperCase()}-Live01`;
}

export interface ProvisionInput {
  userId: string;
  challengeId: string;
  program: PhaseRules[];
  phaseIndex: number;
  platform: string;
  currency: string;
  initialBalanceCents: number;
  tz: string;
  previousAccountId: string | null;
  /** The account a staff reset replaces with this one (same phase). */
  replacesAccountId?: string | null;
  /** The paid order that bought it (phase 1 only); unique, so an order provisions once. */
  orderId?: string | null;
  at: Date;
}

/** Creates a pending account for one phase, with its rules copied from the program. */
export async function provisionAccount(tx: Tx, p: ProvisionInput): Promise<AccountRow | undefined> {
  const rules = p.program[p.phaseIndex];
  if (!rules) throw new RangeError(`phase ${p.phaseIndex} is not in the program`);
  const state = initialState(rules, p.initialBalanceCents, p.tz);
  return accountsRepository.insert(tx, {
    userId: p.userId,
    challengeId: p.challengeId,
    phaseIndex: p.phaseIndex,
    phaseCount: p.program.length,
    phaseKind: rules.kind,
    platform: p.platform,
    server: platformServer(p.platform),
    platformPassword: newPlatformPassword(),
    currency: p.currency,
    initialBalanceCents: p.initialBalanceCents,
    balanceCents: p.initialBalanceCents,
    equityCents: p.initialBalanceCents,
    status: 'pending',
    rules,
    program: p.program,
    state,
    tradingDayTz: p.tz,
    previousAccountId: p.previousAccountId,
    replacesAccountId: p.replacesAccountId ?? null,
    orderId: p.orderId ?? null,
    createdAt: p.at,
    updatedAt: p.at,
  });
}

/**
 * A passed evaluation phase: its `phase_passed` certificate and the next phase's pending account
 * (same user, new login). When the next phase is the funded one, a `funded` certificate on the
 * funded account too. Both are unique in the database, so this runs at most once per account.
 */
export async function onPhasePassed(
  certificates: CertificatesService,
  tx: Tx,
  account: AccountRow,
  at: Date,
): Promise<AccountRow | undefined> {
  if (rulesOf(account).kind !== 'evaluation') return undefined;
  await certificates.issue(tx, {
    kind: 'phase_passed',
    userId: account.userId,
    accountId: account.id,
    currency: account.currency,
    issuedAt: at,
  });
  const program = account.program as PhaseRules[];
  const nextIndex = account.phaseIndex + 1;
  if (nextIndex >= program.length) return undefined;
  const nextAccount = await provisionAccount(tx, {
    userId: account.userId,
    challengeId: account.challengeId,
    program,
    phaseIndex: nextIndex,
    platform: account.platform,
    currency: account.currency,
    initialBalanceCents: account.initialBalanceCents,
    tz: account.tradingDayTz,
    previousAccountId: account.id,
    at,
  });
  if (nextAccount && program[nextIndex]!.kind === 'funded') {
    await certificates.issue(tx, {
      kind: 'funded',
      userId: account.userId,
      accountId: nextAccount.id,
      currency: account.currency,
      issuedAt: at,
    });
  }
  return nextAccount;
}
