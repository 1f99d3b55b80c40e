// Stripe Checkout behind the PaymentProvider interface, through the official client. The buyer pays
// on Stripe's page; the webhook (stripe-webhook.ts) tells us the outcome.
import Stripe from 'stripe';
import { AppError } from '../../../lib/app-error.ts';
import type { PayableOrder, PaymentProvider, PaymentStart, ReturnUrls } from '../payment-provider.ts';
import { toStripeAmount } from './stripe-amounts.ts';

export interface StripeProviderOptions {
  /** From configuration only; never stored, logged or put into an error message. */
  secretKey: string;
  /** Another API address than Stripe's (a local server in tests): its protocol, host and port are used. */
  apiBaseUrl?: string;
  /** Per request; Stripe's own default (80 s) would hold the buyer's checkout far too long. */
  timeoutMs?: number;
  /** Retries of a failed connection, 409 or 5xx; the client sends an idempotency key with each POST. */
  maxNetworkRetries?: number;
}

/** Stripe Checkout speaks all six of our languages; anything else lets Stripe pick from the browser. */
const CHECKOUT_LOCALES = new Set(['de', 'en', 'es', 'fr', 'ja', 'zh']);
const checkoutLocale = (locale: string): Stripe.Checkout.SessionCreateParams.Locale => {
  const language = locale.toLowerCase().split('-')[0] ?? '';
  return CHECKOUT_LOCALES.has(language) ? (language as Stripe.Checkout.SessionCreateParams.Locale) : 'auto';
};

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...apiAddress(options.apiBaseUrl),
    timeout: options.timeoutMs ?? 15_000,
    maxNetworkRetries: options.maxNetworkRetries ?? 1,
    telemetry: false,
  });

  return {
    name: 'stripe',

    async start(order: PayableOrder, urls: ReturnUrls): Promise<PaymentStart> {
      // Both carry the order id: the session's metadata for checkout events, the payment's for refunds.
      const metadata = { orderId: order.id, orderNumber: order.number };
      const session = await call('start the payment', () =>
        stripe.checkout.sessions.create({
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: order.currency.toLowerCase(),
                unit_amount: toStripeAmount(order.totalCents, order.currency),
                product_data: { name: order.description },
              },
            },
          ],
          client_reference_id: order.id,
          metadata,
          payment_intent_data: { metadata },
          customer_email: order.email,
          success_url: urls.success,
          cancel_url: urls.cancel,
          locale: checkoutLocale(order.locale),
        }),
      );
      if (!session.url) throw unavailable('Stripe returned no payment page for the order');
      return { kind: 'redirect', reference: session.id, url: session.url };
    },

    async refund(order): Promise<void> {
      if (!order.reference) throw new AppError('CONFLICT', 409, 'The order has no Stripe payment to refund');
      const reference = order.reference;
      const session = await call('look up the payment', () => stripe.checkout.sessions.retrieve(reference));
      const paymentIntent =
        typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!paymentIntent) throw new AppError('CONFLICT', 409, 'Stripe holds no payment for this order');
      // One key per session: a refund asked twice (a retry, a double click) is made once.
      await call('refund the payment', () =>
        stripe.refunds.create({ payment_intent: paymentIntent }, { idempotencyKey: `refund-${reference}` }),
      );
    },

    async abandon(reference: string): Promise<void> {
      try {
        await call('close the payment page', () => stripe.checkout.sessions.expire(reference));
      } catch (error) {
        // Already expired or completed: nothing is left to close (Stripe refuses it with a 4xx).
        if (error instanceof AppError && error.status === 409) return;
        throw error;
      }
    },
  };
}

function apiAddress(apiBaseUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBaseUrl) return {};
  const url = new URL(apiBaseUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

const unavailable = (message: string) => new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 503, message);

/**
 * Runs one Stripe call. Stripe down, slow, rate-limiting or refusing our key → 503 (the order stays
 * pending, the buyer retries); Stripe refusing the request itself → 409 with Stripe's error code.
 * Stripe's own messages are not passed on: an authentication error quotes part of the key.
 */
async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError) {
      const code = error.code ?? error.type;
      throw new AppError('CONFLICT', 409, `Stripe refused to ${what} (${code})`);
    }
    if (error instanceof Stripe.errors.StripeError) {
      const status = error.statusCode ? ` (HTTP ${error.statusCode})` : '';
      throw unavailable(`Stripe is unavailable: could not ${what}${status}. Please try again shortly.`);
    }
    throw error;
  }
}
