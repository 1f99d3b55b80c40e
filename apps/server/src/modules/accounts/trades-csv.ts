import { TRADES_CSV_COLUMNS } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { accountsRepository, type TradeFilter } from './accounts.repository.ts';

/** Rows per keyset query: one chunk of the journal is in memory at a time. */
export const CSV_CHUNK_ROWS = 2_000;

/**
 * The filtered journal as CSV text (RFC 4180, CRLF), newest first like the trades list: the header
 * row, then one chunk of lines per keyset query, each asked for only when the reader wants more. The
 * lines (escaping, the formula guard, ISO UTC times, money as decimals) are written by the
 * repository's query (accounts.repository.ts, tradesCsvChunk).
 */
export async function* tradesCsv(
  db: Db,
  filter: Omit<TradeFilter, 'limit' | 'cursor'>,
  currency: string,
  chunkRows = CSV_CHUNK_ROWS,
): AsyncGenerator<string> {
  yield `${TRADES_CSV_COLUMNS.join(',')}\r\n`;
  let cursor: TradeFilter['cursor'];
  for (;;) {
    const chunk = await accountsRepository.tradesCsvChunk(db, { ...filter, cursor, limit: chunkRows }, currency);
    if (chunk.rows > 0) yield chunk.text;
    if (chunk.rows < chunkRows || !chunk.last) return;
    cursor = chunk.last;
  }
}
