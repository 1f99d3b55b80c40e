// Test helpers of the orders module: billing details, a checkout, a discount code.
import type { BillingDetailsInput, CheckoutRequest, DiscountCodeInput } from '@app/contracts/commerce';
import type { TestContext } from './test-app.ts';
import type { TestUser } from './test-users.ts';

export const billing = (overrides: Partial<BillingDetailsInput> = {}): BillingDetailsInput => ({
  name: 'Hana Nováková',
  email: 'hana@example.com',
  addressLine1: 'Národní 10',
  city: 'Praha',
  postalCode: '110 00',
  country: 'CZ',
  ...overrides,
});

export function checkout(
  t: TestContext,
  who: TestUser,
  body: Partial<CheckoutRequest> & { challengeId: string },
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...who.headers, ...headers },
    payload: { billing: billing(), provider: 'manual', acceptTerms: true, ...body },
  });
}

export async function createCode(
  t: TestContext,
  admin: TestUser,
  input: Partial<DiscountCodeInput> & { code: string },
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/discount-codes',
    headers: admin.headers,
    payload: { kind: 'percent', percentBps: 1000, ...input },
  });
  if (res.statusCode !== 201) throw new Error(`discount code: ${res.body}`);
  return res.json().discountCode as { id: string; code: string; uses: number };
}

export const adminPost = (t: TestContext, who: TestUser, path: string, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${path}`,
    headers: who.headers,
    ...(payload ? { payload } : {}),
  });
