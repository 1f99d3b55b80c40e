/** Every query key of the catalogue and checkout. */
export const checkoutKeys = {
  all: ['checkout'] as const,
  catalogue: () => [...checkoutKeys.all, 'catalogue'] as const,
  quote: (params: QuoteParams) => [...checkoutKeys.all, 'quote', params] as const,
};

export interface QuoteParams {
  challengeId: string;
  discountCode: string;
  country?: string;
  vatId: string;
}
