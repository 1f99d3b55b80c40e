export * from './constants.ts';
export * from './errors.ts';
export * from './auth.ts';
export * from './challenges.ts';
export * from './trading.ts';
export * from './lists.ts';
export * from './reviews.ts';
export * from './text.ts';
