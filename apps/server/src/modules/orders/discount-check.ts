// Whether a stored discount code may be used for a challenge now: each refusal has its own code, so
// the checkout can say exactly what is wrong.
import { AppError } from '../../lib/app-error.ts';

export interface UsableCode {
  code: string;
  active: boolean;
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number | null;
  uses: number;
  challengeId: string | null;
}

export function unknownCode(code: string): AppError {
  return new AppError('DISCOUNT_CODE_UNKNOWN', 400, `There is no discount code ${code}`);
}

export function usedUp(code: string): AppError {
  return new AppError('DISCOUNT_CODE_USED_UP', 400, `The discount code ${code} has been used up`);
}

/** Throws the refusal that applies, or returns when the code can be used. */
export function checkDiscountCode(c: UsableCode, challengeId: string, now: Date): void {
  if (!c.active) throw new AppError('DISCOUNT_CODE_INACTIVE', 400, `The discount code ${c.code} is no longer valid`);
  if (c.validFrom && now < c.validFrom)
    throw new AppError('DISCOUNT_CODE_EXPIRED', 400, `The discount code ${c.code} is not valid yet`);
  if (c.validUntil && now >= c.validUntil)
    throw new AppError('DISCOUNT_CODE_EXPIRED', 400, `The discount code ${c.code} has expired`);
  if (c.maxUses !== null && c.uses >= c.maxUses) throw usedUp(c.code);
  if (c.challengeId !== null && c.challengeId !== challengeId)
    throw new AppError('DISCOUNT_CODE_NOT_APPLICABLE', 400, `The discount code ${c.code} is not for this challenge`);
}
