// Orders: the catalogue's checkout, payments through the configured providers, invoices, discount
// codes and the staff orders desk.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { ChallengesService } from '../challenges/index.ts';
import type { OutboxService } from '../mail/index.ts';
import type { UsersService } from '../users/index.ts';
import { registerAdminOrderRoutes } from './admin-orders.routes.ts';
import { DiscountCodesService } from './discount-codes.service.ts';
import { INVOICE_ATTACHMENT } from './mark-paid.ts';
import { registerOrderRoutes } from './orders.routes.ts';
import { OrdersService } from './orders.service.ts';
import { PaymentProviders } from './payment-providers.ts';
import { IpRateLimit } from '../../db/ip-rate-limit.ts';
import { registerStripeWebhookRoute } from './stripe-webhook.routes.ts';

export { OrdersService } from './orders.service.ts';
export { DiscountCodesService } from './discount-codes.service.ts';
export { PaymentProviders } from './payment-providers.ts';
export { cancelPendingOrdersOf, type CancelledOrder } from './order-staff-actions.ts';
export type { PaymentProvider, PaymentNotice } from './payment-provider.ts';

/** Quotes one address may ask for per rate-limit window (the checkout asks as the form changes). */
const QUOTES_PER_WINDOW = 300;

export function register(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    clock: Clock;
    challenges: ChallengesService;
    accounts: AccountsService;
    users: UsersService;
    outbox: OutboxService;
    /** Overrides the providers the configuration gives (tests: a provider that is down). */
    providers?: PaymentProviders;
  },
): { orders: OrdersService; discountCodes: DiscountCodesService } {
  const { config, clock } = deps;
  const db = deps.database.db;
  const orders = new OrdersService({
    db,
    clock,
    settings: {
      seller: {
        name: config.SELLER_NAME,
        addressLines: config.SELLER_ADDRESS,
        country: config.SELLER_COUNTRY,
        vatId: config.SELLER_VAT_ID,
      },
      bank: {
        beneficiary: config.BANK_BENEFICIARY,
        iban: config.BANK_IBAN,
        bic: config.BANK_BIC,
        bankName: config.BANK_NAME,
      },
      vatRates: config.VAT_RATES,
      publicUrl: config.publicUrl,
    },
    providers: deps.providers ?? PaymentProviders.fromConfig(config),
    challenges: deps.challenges,
    accounts: deps.accounts,
    users: deps.users,
    outbox: deps.outbox,
    log: app.log.child({ module: 'orders' }),
  });
  const discountCodes = new DiscountCodesService(db, clock, deps.challenges);
  // The payment mail's invoice is rendered when the mail is sent, from the invoice row.
  deps.outbox.registerAttachments(INVOICE_ATTACHMENT, (ref) => orders.invoices.attachment(ref.id));

  const quoteLimit = new IpRateLimit(db, 'quote', QUOTES_PER_WINDOW, config.RATE_LIMIT_WINDOW_SECONDS * 1000);
  registerOrderRoutes(app, { orders, quoteLimit, clock });
  registerAdminOrderRoutes(app, { orders, discountCodes });
  if (config.STRIPE_WEBHOOK_SECRET) {
    registerStripeWebhookRoute(app, { orders, webhookSecret: config.STRIPE_WEBHOOK_SECRET });
  }
  return { orders, discountCodes };
}
