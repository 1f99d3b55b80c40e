// The staff list as CSV (RFC 4180, CRLF, UTF-8), streamed: one keyset chunk of orders in memory at
// a time, newest first, with the list's filters; any number of orders.
import { formatOrderNumber, type BillingDetails, type OrderListParams } from '@app/contracts/commerce';
import type { Db } from '../../db/client.ts';
import { ordersRepository } from './orders.repository.ts';

export const ORDERS_CSV_COLUMNS = [
  'number',
  'created_at',
  'status',
  'email',
  'billing_name',
  'company',
  'country',
  'vat_id',
  'challenge',
  'currency',
  'subtotal',
  'discount',
  'discount_code',
  'net',
  'vat_rate',
  'vat',
  'total',
  'reverse_charge',
  'provider',
  'provider_reference',
  'paid_at',
  'invoice',
  'account',
  'refunded_at',
] as const;

export const ORDERS_CSV_CHUNK = 1_000;

/** A cell: quoted when it must be, and a leading = + - @ neutralised so no spreadsheet runs it. */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  const s = String(value);
  const guarded = typeof value === 'string' && /^[-=+@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

const money = (cents: number) => (cents / 100).toFixed(2);

export async function* ordersCsv(db: Db, q: OrderListParams, chunk = ORDERS_CSV_CHUNK): AsyncGenerator<string> {
  yield `${ORDERS_CSV_COLUMNS.join(',')}\r\n`;
  let cursor: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const rows = await ordersRepository.csvChunk(db, q, cursor, chunk);
    if (rows.length === 0) return;
    let text = '';
    for (const o of rows) {
      const b = o.billing as BillingDetails;
      text += `${[
        formatOrderNumber(o.number),
        o.createdAt.toISOString(),
        o.status,
        o.userEmail,
        b.name,
        b.company,
        b.country,
        b.vatId,
        o.challengeName,
        o.currency,
        money(o.subtotalCents),
        money(o.discountCents),
        o.discountCode,
        money(o.netCents),
        (o.vatRateBps / 100).toFixed(2),
        money(o.vatCents),
        money(o.totalCents),
        o.reverseCharge,
        o.provider,
        o.providerReference,
        o.paidAt?.toISOString() ?? null,
        o.invoiceNumber,
        o.accountLogin,
        o.refundedAt?.toISOString() ?? null,
      ]
        .map(csvCell)
        .join(',')}\r\n`;
    }
    yield text;
    if (rows.length < chunk) return;
    const last = rows[rows.length - 1]!;
    cursor = { createdAt: last.createdAt, id: last.id };
  }
}
