import type { Tx } from '../../db/client.ts';
import { paymentEvents } from '../../db/schema/index.ts';

export const paymentEventsRepository = {
  /**
   * Records a provider's event by its id; false when it was recorded before (a replay). Run first in
   * the transaction that acts on the event, so concurrent deliveries of one event act once.
   */
  async record(
    tx: Tx,
    e: { provider: string; eventId: string; type: string; orderId: string | null; at: Date },
  ): Promise<boolean> {
    const rows = await tx
      .insert(paymentEvents)
      .values({ provider: e.provider, eventId: e.eventId, type: e.type, orderId: e.orderId, receivedAt: e.at })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    return rows.length === 1;
  },
};
