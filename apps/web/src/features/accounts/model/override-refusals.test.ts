import { describe, expect, it } from 'vitest';
import { overrideRefusalOf } from './override-refusals';

const refusal = (code: string, field?: string) => ({ code, fields: field ? { [field]: 'x' } : undefined });

describe('overrideRefusalOf', () => {
  it('names why a reset opened no fresh account, by the field the server named', () => {
    expect(overrideRefusalOf('reset', refusal('CONFLICT', 'userId'))).toBe('USER_ACCOUNTS.ERROR.OWNER_ANONYMISED');
    expect(overrideRefusalOf('reset', refusal('CONFLICT', 'challengeId'))).toBe('USER_ACCOUNTS.ERROR.CHALLENGE_GONE');
    expect(overrideRefusalOf('reset', refusal('NOT_FOUND'))).toBe('USER_ACCOUNTS.ERROR.GONE');
    expect(overrideRefusalOf('reinstate', refusal('CONFLICT', 'status'))).toBe('USER_ACCOUNTS.ERROR.NOT_FAILED');
    expect(overrideRefusalOf('close', refusal('INTERNAL'))).toBeNull();
  });
});
