// A local HTTP server that answers like Stripe's API for what the Stripe provider calls, so the
// official client runs for real in tests: Checkout sessions (create, retrieve) and refunds. It keeps
// every request it got, can be told to fail or to refuse connections, and builds signed webhooks.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import Stripe from 'stripe';

export interface FakeStripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  /** The form-encoded body as sent: `line_items[0][price_data][currency]` → `eur`. */
  form: Record<string, string>;
  /** The same body nested the way Stripe reads it. */
  body: Record<string, unknown>;
}

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  locale: string | null;
  url: string;
  /** Not Stripe's: what the session's payment intent would carry (payment_intent_data.metadata). */
  payment_intent_metadata: Record<string, string>;
}

interface FakeRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  currency: string;
  status: 'succeeded';
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** `a[b][0][c]=x` pairs → { a: { b: [ { c: 'x' } ] } }, as Stripe decodes a form body. */
export function decodeStripeForm(form: Record<string, string>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const container = node as Record<string, unknown>;
      if (last) container[part] = value;
      else {
        container[part] ??= /^\d+$/.test(path[i + 1] ?? '') ? [] : {};
        node = container[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

export async function startFakeStripe() {
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, FakeCheckoutSession>();
  const refunds: FakeRefund[] = [];
  /** Stripe replays the first answer to a repeated idempotency key. */
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let failures = { remaining: 0, status: 500 };
  let hanging = 0;
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => send(res, 500, stripeError('api_error', String(error))));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const path = new URL(req.url ?? '/', url).pathname;
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const request: FakeStripeRequest = {
      method: req.method ?? 'GET',
      path,
      authorization: header('authorization'),
      idempotencyKey: header('idempotency-key'),
      form,
      body: decodeStripeForm(form),
    };
    requests.push(request);

    if (hanging > 0) {
      hanging--;
      return; // never answered: the client's timeout has to end it
    }
    if (failures.remaining > 0) {
      failures.remaining--;
      return send(res, failures.status, stripeError('api_error', 'The fake Stripe was told to fail'));
    }
    if (!request.authorization?.startsWith('Bearer sk_'))
      return send(res, 401, stripeError('invalid_request_error', 'Invalid API Key provided'));

    const replay = request.idempotencyKey && idempotent.get(`${request.path}:${request.idempotencyKey}`);
    if (replay) return send(res, replay.status, replay.body);
    const { status, body } = answer(request);
    if (request.method === 'POST' && request.idempotencyKey)
      idempotent.set(`${request.path}:${request.idempotencyKey}`, { status, body });
    return send(res, status, body);
  }

  function answer(request: FakeStripeRequest): { status: number; body: unknown } {
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(request.path);
    if (request.method === 'POST' && request.path === '/v1/checkout/sessions') return createSession(request.body);
    if (request.method === 'GET' && sessionPath) {
      const session = sessions.get(decodeURIComponent(sessionPath[1] ?? ''));
      return session ? { status: 200, body: publicSession(session) } : missing('checkout session');
    }
    const expirePath = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(request.path);
    if (request.method === 'POST' && expirePath) return expireSession(decodeURIComponent(expirePath[1] ?? ''));
    if (request.method === 'POST' && request.path === '/v1/refunds') return createRefund(request.body);
    return missing(`route ${request.method} ${request.path}`);
  }

  /** As Stripe: only an open session can be expired. */
  function expireSession(id: string) {
    const session = sessions.get(id);
    if (!session) return missing('checkout session');
    if (session.status !== 'open') {
      return {
        status: 400,
        body: stripeError('invalid_request_error', `Only Checkout Sessions with a status in ["open"] can be expired.`),
      };
    }
    session.status = 'expired';
    return { status: 200, body: publicSession(session) };
  }

  function createSession(body: Record<string, unknown>) {
    const items = (body.line_items ?? []) as Array<{
      quantity?: string;
      price_data?: { currency?: string; unit_amount?: string };
    }>;
    const currencies = new Set(items.map((item) => item.price_data?.currency));
    const currency = [...currencies][0];
    if (body.mode !== 'payment' || items.length === 0 || currencies.size !== 1 || !currency)
      return { status: 400, body: stripeError('invalid_request_error', 'Bad checkout session', 'parameter_invalid') };
    const amount = items.reduce(
      (sum, item) => sum + Number(item.price_data?.unit_amount ?? NaN) * Number(item.quantity ?? 1),
      0,
    );
    if (!Number.isInteger(amount) || amount <= 0)
      return { status: 400, body: stripeError('invalid_request_error', 'Bad amount', 'parameter_invalid') };
    const id = newId('cs');
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      amount_total: amount,
      currency,
      client_reference_id: (body.client_reference_id as string | undefined) ?? null,
      customer_email: (body.customer_email as string | undefined) ?? null,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      success_url: String(body.success_url ?? ''),
      cancel_url: String(body.cancel_url ?? ''),
      locale: (body.locale as string | undefined) ?? null,
      url: `${url}/pay/${id}`,
      payment_intent_metadata:
        ((body.payment_intent_data as Record<string, unknown> | undefined)?.metadata as Record<string, string>) ?? {},
    };
    sessions.set(id, session);
    return { status: 200, body: publicSession(session) };
  }

  function createRefund(body: Record<string, unknown>) {
    const paymentIntent = String(body.payment_intent ?? '');
    const session = [...sessions.values()].find((s) => s.payment_intent === paymentIntent);
    if (!session) return missing('payment intent');
    if (refunds.some((r) => r.payment_intent === paymentIntent))
      return {
        status: 400,
        body: stripeError('invalid_request_error', 'Charge has already been refunded.', 'charge_already_refunded'),
      };
    const refund: FakeRefund = {
      id: newId('re'),
      object: 'refund',
      payment_intent: paymentIntent,
      amount: body.amount === undefined ? session.amount_total : Number(body.amount),
      currency: session.currency,
      status: 'succeeded',
    };
    refunds.push(refund);
    return { status: 200, body: refund };
  }

  function session(id: string): FakeCheckoutSession {
    const found = sessions.get(id);
    if (!found) throw new Error(`no fake Checkout session ${id}`);
    return found;
  }

  return {
    url,
    requests,
    sessions,
    refunds,
    /** The next `count` requests answer `status` (Stripe's client retries 5xx once by default). */
    failNext(count: number, status = 500) {
      failures = { remaining: count, status };
    },
    /** The next `count` requests are read and never answered (a Stripe that hangs). */
    hangNext(count: number) {
      hanging = count;
    },
    recover() {
      failures = { remaining: 0, status: 500 };
      hanging = 0;
    },
    /** Closes the port: the client's connections are refused until acceptConnections(). */
    async refuseConnections() {
      const closed = once(server, 'close');
      server.close();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async acceptConnections() {
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
    /** The buyer pays on the Checkout page: the session is complete and has its payment intent. */
    pay(sessionId: string): FakeCheckoutSession {
      const found = session(sessionId);
      Object.assign(found, { status: 'complete', payment_status: 'paid', payment_intent: newId('pi') });
      return found;
    },
    /** A webhook event about a session, as Stripe sends it (`checkout.session.completed`…). */
    sessionEvent(type: string, sessionId: string, id = newId('evt')) {
      return stripeEvent(id, type, publicSession(session(sessionId)));
    },
    /** `charge.refunded` for a session's payment, carrying the payment intent's metadata. */
    chargeRefundedEvent(sessionId: string, id = newId('evt')) {
      const found = session(sessionId);
      return stripeEvent(id, 'charge.refunded', {
        id: newId('ch'),
        object: 'charge',
        payment_intent: found.payment_intent,
        amount: found.amount_total,
        amount_refunded: found.amount_total,
        refunded: true,
        currency: found.currency,
        metadata: found.payment_intent_metadata,
      });
    },
    async close() {
      if (!server.listening) return;
      const closed = once(server, 'close');
      server.close();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** The session as Stripe's API shows it (without the fake's own bookkeeping). */
function publicSession(session: FakeCheckoutSession) {
  const { payment_intent_metadata: _kept, ...shown } = session;
  return shown;
}

export function stripeEvent(id: string, type: string, object: Record<string, unknown>) {
  return {
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

function stripeError(type: string, message: string, code?: string) {
  return { error: { type, message, ...(code && { code }) } };
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'request-id': newId('req'),
  });
  res.end(text);
}

const missing = (what: string) => ({
  status: 404,
  body: stripeError('invalid_request_error', `No such ${what}`, 'resource_missing'),
});

/**
 * A webhook delivery signed the way Stripe signs it (`Stripe-Signature: t=…,v1=…`), for the raw
 * body to be posted as is. `timestamp` in seconds, for deliveries from the past.
 */
export function signStripeWebhook(event: unknown, secret: string, timestamp?: number) {
  const body = typeof event === 'string' ? event : JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });
  return { body, signature, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
}
