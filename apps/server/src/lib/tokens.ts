import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What is stored instead of a token. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
