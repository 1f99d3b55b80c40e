import type { AccountStatus } from '@app/contracts/trading';

/**
 * The account statuses in the contracts' order (ACCOUNT_STATUSES), kept here so the screens do not
 * download the trading schemas (zod) for a list of five words; model.test.ts checks they match.
 */
export const STATUSES = ['pending', 'active', 'passed', 'failed', 'closed'] as const satisfies readonly AccountStatus[];
