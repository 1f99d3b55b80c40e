import type { BillingDetailsInput, PaymentProvider } from '@app/contracts/commerce';

/** What the checkout keeps while a visitor signs in or registers: the choice and the form. */
export interface Basket {
  challengeId: string;
  billing: BillingDetailsInput;
  discountCode: string;
  provider: PaymentProvider | null;
}

const KEY = 'checkout_basket';

/** The tab's basket (sessionStorage: it survives the sign-in round trip, not the tab). */
export function loadBasket(): Basket | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Basket>;
    if (typeof value.challengeId !== 'string' || typeof value.billing !== 'object' || value.billing === null)
      return null;
    return {
      challengeId: value.challengeId,
      billing: value.billing,
      discountCode: typeof value.discountCode === 'string' ? value.discountCode : '',
      provider: value.provider ?? null,
    };
  } catch {
    return null;
  }
}

export function saveBasket(basket: Basket): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(basket));
  } catch (error) {
    console.error('Could not keep the basket in browser storage', error);
  }
}

export function clearBasket(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to clear.
  }
}
