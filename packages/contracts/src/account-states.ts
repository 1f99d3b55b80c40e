// The states of a trading account and the rules that can fail it: shared by the accounts' contract
// and the integration API's answer.
export const ACCOUNT_STATUSES = ['pending', 'active', 'passed', 'failed', 'closed'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const BREACH_RULES = ['daily_loss', 'max_loss', 'time_limit'] as const;
