export * from './users.ts';
export * from './audit.ts';
export * from './outbox.ts';
export * from './trading.ts';
export * from './verdicts.ts';
export * from './rate-limits.ts';
export * from './commerce.ts';
export * from './payouts.ts';
