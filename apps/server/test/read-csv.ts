import { UTF8_BOM } from '../src/lib/csv-reply.ts';

/**
 * A CSV download read back as a spreadsheet would: the leading UTF-8 byte order mark skipped, then
 * RFC 4180 — quoted fields with doubled quotes, commas and line breaks, CRLF (or LF) line ends.
 */
export function parseCsv(text: string): string[][] {
  const body = text.startsWith(UTF8_BOM) ? text.slice(UTF8_BOM.length) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      // CRLF: the \n ends the row.
    } else if (c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
