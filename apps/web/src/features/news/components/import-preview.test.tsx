import type { NewsImportPreview } from '@app/contracts/news';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../../i18n/locales';
import { loadMessages } from '../../../i18n/messages';
import { renderBlock } from '../../../test/render';
import { ImportPreview } from './import-preview';

/** The row errors table as rows of cell texts. */
function errorRows(preview: NewsImportPreview, locale: Locale): string[][] {
  renderBlock(<ImportPreview preview={preview} />, { locale });
  const body = screen.getByTestId('news-import-errors').querySelector('tbody')!;
  return [...body.querySelectorAll('tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent!));
}

// As the server answers a malformed CSV: a code (and its numbers) per error, with the English message.
const preview: NewsImportPreview = {
  rows: [],
  existing: 0,
  errors: [
    { line: 3, field: 'country', code: 'bad_currency', params: {}, message: 'A currency code such as USD, or ALL' },
    { line: 4, field: 'date', code: 'bad_csv_date', params: {}, message: 'A date as MM-DD-YYYY' },
    { line: 5, field: 'title', code: 'too_long', params: { max: 200 }, message: 'At most 200 characters' },
    {
      line: 8,
      field: 'row',
      code: 'duplicate',
      params: { line: 2 },
      message: 'Same currency, title and time as line 2',
    },
  ],
};

describe('import preview: row errors', () => {
  beforeAll(async () => {
    await Promise.all((['de', 'en'] as const).map((l) => loadMessages(l)));
  });

  it("shows each error and its field in the reader's language (German), not the server's English", () => {
    expect(errorRows(preview, 'de')).toEqual([
      ['3', 'Währung (country)', 'Ein Währungscode wie USD, oder ALL.'],
      ['4', 'Datum (date)', 'Ein Datum als MM-DD-YYYY (Monat zuerst), z. B. 11-20-2026.'],
      ['5', 'Titel (title)', 'Höchstens 200 Zeichen.'],
      ['8', 'Ganze Zeile', 'Gleiche Währung, gleicher Titel und gleiche Zeit wie Zeile 2.'],
    ]);
  });

  it("falls back to the server's message for a code this version does not know", () => {
    const newer = {
      ...preview,
      errors: [{ line: 2, field: 'url', code: 'bad_url', params: {}, message: 'Not a link' }],
    } as unknown as NewsImportPreview;
    expect(errorRows(newer, 'en')).toEqual([['2', 'url', 'Not a link']]);
  });
});
