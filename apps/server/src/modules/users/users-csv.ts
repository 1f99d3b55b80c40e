import { USERS_CSV_COLUMNS } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { toAdminUser } from './users-admin.dto.ts';
import {
  usersAdminRepository,
  type AdminListFilter,
  type AdminSort,
  type ExportRow,
} from './users-admin.repository.ts';

/** Rows per query: one chunk of the list is in memory at a time. */
export const USERS_CSV_CHUNK = 1_000;

/** One CSV field (RFC 4180); a leading =, +, - or @ is quoted after an apostrophe (no formula in a spreadsheet). */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n']/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/**
 * The filtered list in its order as CSV (CRLF): the header, then one chunk of lines per query, each
 * asked for only when the reader wants more.
 */
export async function* usersCsv(
  db: Db,
  q: AdminListFilter & AdminSort,
  chunk = USERS_CSV_CHUNK,
): AsyncGenerator<string> {
  yield `${USERS_CSV_COLUMNS.join(',')}\r\n`;
  let after: ExportRow | null = null;
  for (;;) {
    const rows: ExportRow[] = await usersAdminRepository.chunk(db, q, chunk, after);
    const counts = await usersAdminRepository.accountCounts(
      db,
      rows.map((r) => r.id),
    );
    let text = '';
    for (const row of rows) {
      const u = toAdminUser(row, counts.get(row.id));
      const fields = [
        u.id,
        u.email,
        u.firstName,
        u.lastName,
        u.role,
        u.status,
        u.country,
        u.accounts,
        u.fundedAccounts,
        u.createdAt,
        u.lastLoginAt,
      ];
      text += `${fields.map(csvField).join(',')}\r\n`;
    }
    if (text) yield text;
    if (rows.length < chunk) return;
    after = rows.at(-1)!;
  }
}
