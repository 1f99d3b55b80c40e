import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * The byte order mark that tells spreadsheet programs the file is UTF-8: without it Excel reads a
 * CSV in the system's legacy code page and garbles "Żółć-Müller" or "山田". RFC 4180 readers skip it.
 */
export const UTF8_BOM = '\uFEFF';

/** A streamed CSV download: the BOM, then the lines as they are produced. */
export function sendCsv(reply: FastifyReply, filename: string, lines: AsyncIterable<string>) {
  async function* withBom() {
    yield UTF8_BOM;
    yield* lines;
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(Readable.from(withBom()));
}
