// Payouts: funded traders' eligibility and requests, the staff queue (approve, reject, mark paid
// with the profit's withdrawal and a payout certificate), mails in the member's language.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { CertificatesService } from '../certificates/index.ts';
import type { IngestionService } from '../ingestion/index.ts';
import type { OutboxService } from '../mail/index.ts';
import { registerPayoutRoutes } from './payouts.routes.ts';
import { PayoutDeskService } from './payout-desk.service.ts';
import { PayoutsService } from './payouts.service.ts';

export { PayoutDeskService, PAYOUTS_CONNECTOR_ID } from './payout-desk.service.ts';
export { PayoutsService } from './payouts.service.ts';
export { payoutWithdrawalEvent } from './paying.ts';

export function register(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    clock: Clock;
    accounts: AccountsService;
    ingestion: IngestionService;
    certificates: CertificatesService;
    outbox: OutboxService;
  },
): { payouts: PayoutsService; payoutDesk: PayoutDeskService } {
  const payoutDeps = {
    db: deps.database.db,
    clock: deps.clock,
    accounts: deps.accounts,
    ingestion: deps.ingestion,
    certificates: deps.certificates,
    outbox: deps.outbox,
    publicUrl: deps.config.publicUrl,
  };
  const payouts = new PayoutsService(payoutDeps);
  const payoutDesk = new PayoutDeskService(payoutDeps);
  registerPayoutRoutes(app, { payouts, desk: payoutDesk });
  return { payouts, payoutDesk };
}
