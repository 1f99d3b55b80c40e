import { describe, expect, it } from 'vitest';
import { overrideRefusalOf } from './override-refusals';
import { overridesFor } from './overrides';

const refusal = (code: string, field?: string) => ({ code, fields: field ? { [field]: 'x' } : undefined });

describe('overrideRefusalOf', () => {
  it('names why a reset opened no fresh account, by the field the server named', () => {
    expect(overrideRefusalOf('reset', refusal('CONFLICT', 'userId'))).toBe('USER_ACCOUNTS.ERROR.OWNER_ANONYMISED');
    expect(overrideRefusalOf('reset', refusal('CONFLICT', 'challengeId'))).toBe('USER_ACCOUNTS.ERROR.CHALLENGE_GONE');
    expect(overrideRefusalOf('reset', refusal('NOT_FOUND'))).toBe('USER_ACCOUNTS.ERROR.GONE');
    expect(overrideRefusalOf('reset', refusal('CONFLICT', 'replacedById'))).toBe('USER_ACCOUNTS.ERROR.ALREADY_RESET');
    expect(overrideRefusalOf('reset', refusal('CONFLICT', 'status'))).toBe('USER_ACCOUNTS.ERROR.RESET_PASSED');
    expect(overrideRefusalOf('close', refusal('CONFLICT', 'status'))).toBe('USER_ACCOUNTS.ERROR.ALREADY_ENDED');
    expect(overrideRefusalOf('reinstate', refusal('CONFLICT', 'status'))).toBe('USER_ACCOUNTS.ERROR.NOT_FAILED');
    expect(overrideRefusalOf('close', refusal('INTERNAL'))).toBeNull();
  });
});

describe('overridesFor', () => {
  it('offers no reset of a passed account, nor of one a reset replaced already', () => {
    expect(overridesFor({ status: 'active', replacedById: null })).toEqual(['extend', 'close', 'reset']);
    expect(overridesFor({ status: 'failed', replacedById: null })).toEqual(['reinstate', 'reset']);
    expect(overridesFor({ status: 'passed', replacedById: null })).toEqual([]);
    expect(overridesFor({ status: 'closed', replacedById: 'b3f1' })).toEqual([]);
    expect(overridesFor({ status: 'closed', replacedById: null })).toEqual(['reset']);
  });
});
