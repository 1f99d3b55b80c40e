// A Stripe webhook, verified with the official client and reduced to a PaymentNotice. Everything
// that is not provably from Stripe, recent and well-formed is refused before anything reads it.
import Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentNotice } from './payment-provider.ts';
import { fromStripeAmount } from './providers/stripe-amounts.ts';

/** The part of an event we read; Stripe sends far more. */
const eventShape = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const checkoutSessionShape = z.object({
  id: z.string().min(1),
  client_reference_id: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  payment_status: z.string().nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
});

const chargeShape = z.object({
  payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  refunded: z.boolean().nullish(),
  amount_refunded: z.number().int().nullish(),
  currency: z.string().nullish(),
});

export function parseStripeWebhook(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
  toleranceSeconds = 300,
): PaymentNotice {
  if (!signature) throw new AppError('INVALID_SIGNATURE', 400, 'The Stripe-Signature header is missing');
  let event: unknown;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret, toleranceSeconds);
  } catch (error) {
    // The body is parsed only once its signature holds: a syntax error is a signed body that is not JSON.
    if (error instanceof SyntaxError)
      throw new AppError('VALIDATION_ERROR', 400, 'The webhook body is not a Stripe event');
    // Anything else failed the check (some malformed headers make the client throw a plain Error).
    throw new AppError('INVALID_SIGNATURE', 400, 'The webhook signature does not match or is too old');
  }
  const parsed = eventShape.safeParse(event);
  if (!parsed.success) throw new AppError('VALIDATION_ERROR', 400, 'The webhook body is not a Stripe event');
  return toNotice(parsed.data);
}

function toNotice(event: z.infer<typeof eventShape>): PaymentNotice {
  const ignored: PaymentNotice = {
    eventId: event.id,
    type: 'ignored',
    reference: null,
    orderId: null,
    amountCents: null,
    currency: null,
    failureReason: null,
  };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = readObject(checkoutSessionShape, event);
      // "unpaid": a delayed method (a bank debit) is still on its way; its own event follows.
      return session.payment_status === 'paid' ? fromSession(event.id, session, 'paid', null) : ignored;
    }
    case 'checkout.session.async_payment_succeeded':
      return fromSession(event.id, readObject(checkoutSessionShape, event), 'paid', null);
    case 'checkout.session.async_payment_failed':
      return fromSession(event.id, readObject(checkoutSessionShape, event), 'failed', 'The payment failed at Stripe');
    case 'checkout.session.expired':
      return fromSession(event.id, readObject(checkoutSessionShape, event), 'failed', 'The Stripe checkout expired');
    case 'charge.refunded': {
      const charge = readObject(chargeShape, event);
      // Partial refunds are made at Stripe by hand; only a full one refunds the order.
      if (charge.refunded !== true) return ignored;
      const paymentIntent =
        typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      return {
        ...ignored,
        type: 'refunded',
        // A charge knows its payment, not the Checkout session: the order is found by its id.
        reference: paymentIntent ?? null,
        orderId: charge.metadata?.orderId ?? null,
        ...money(charge.amount_refunded, charge.currency),
      };
    }
    default:
      return ignored;
  }
}

function readObject<T>(shape: z.ZodType<T>, event: z.infer<typeof eventShape>): T {
  const parsed = shape.safeParse(event.data.object);
  if (!parsed.success) throw new AppError('VALIDATION_ERROR', 400, `The ${event.type} event is not well-formed`);
  return parsed.data;
}

function fromSession(
  eventId: string,
  session: z.infer<typeof checkoutSessionShape>,
  type: 'paid' | 'failed',
  failureReason: string | null,
): PaymentNotice {
  return {
    eventId,
    type,
    reference: session.id,
    orderId: session.metadata?.orderId ?? session.client_reference_id ?? null,
    ...money(session.amount_total, session.currency),
    failureReason,
  };
}

function money(amount: number | null | undefined, currency: string | null | undefined) {
  if (amount == null || !currency) return { amountCents: null, currency: null };
  return { amountCents: fromStripeAmount(amount, currency), currency: currency.toUpperCase() };
}
