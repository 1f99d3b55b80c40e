import type { NewsImportError, NewsImportErrorCode, NewsImportErrorField } from '@app/contracts/news';
import type { MessageId } from '../../../i18n/messages';
import type { Translate } from '../../../i18n/use-t';

/** The file's own column name stays in brackets: it is what staff look for in the file. */
const FIELD: Record<NewsImportErrorField, MessageId> = {
  title: 'NEWS.IMPORT.FIELD.TITLE',
  country: 'NEWS.IMPORT.FIELD.COUNTRY',
  date: 'NEWS.IMPORT.FIELD.DATE',
  time: 'NEWS.IMPORT.FIELD.TIME',
  impact: 'NEWS.IMPORT.FIELD.IMPACT',
  forecast: 'NEWS.IMPORT.FIELD.FORECAST',
  previous: 'NEWS.IMPORT.FIELD.PREVIOUS',
  row: 'NEWS.IMPORT.FIELD.ROW',
  file: 'NEWS.IMPORT.FIELD.FILE',
  header: 'NEWS.IMPORT.FIELD.HEADER',
};

const PROBLEM: Record<NewsImportErrorCode, MessageId> = {
  not_json: 'NEWS.IMPORT.ERROR.NOT_JSON',
  not_array: 'NEWS.IMPORT.ERROR.NOT_ARRAY',
  too_many_rows: 'NEWS.IMPORT.ERROR.TOO_MANY_ROWS',
  bad_header: 'NEWS.IMPORT.ERROR.BAD_HEADER',
  not_object: 'NEWS.IMPORT.ERROR.NOT_OBJECT',
  title_required: 'NEWS.IMPORT.ERROR.TITLE_REQUIRED',
  too_long: 'NEWS.IMPORT.ERROR.TOO_LONG',
  not_text: 'NEWS.IMPORT.ERROR.NOT_TEXT',
  bad_currency: 'NEWS.IMPORT.ERROR.BAD_CURRENCY',
  bad_impact: 'NEWS.IMPORT.ERROR.BAD_IMPACT',
  bad_iso_date: 'NEWS.IMPORT.ERROR.BAD_ISO_DATE',
  bad_csv_date: 'NEWS.IMPORT.ERROR.BAD_CSV_DATE',
  bad_csv_time: 'NEWS.IMPORT.ERROR.BAD_CSV_TIME',
  date_out_of_range: 'NEWS.IMPORT.ERROR.DATE_OUT_OF_RANGE',
  duplicate: 'NEWS.IMPORT.ERROR.DUPLICATE',
};

/** The field of a row error in the reader's language; a field this version does not know, as sent. */
export function importErrorField(t: Translate, field: string): string {
  const id = FIELD[field as NewsImportErrorField] as MessageId | undefined;
  return id ? t(id) : field;
}

/** A row error's problem in the reader's language; a code this version does not know, in the server's English. */
export function importErrorText(t: Translate, error: NewsImportError): string {
  const id = PROBLEM[error.code] as MessageId | undefined;
  return id ? t(id, error.params) : error.message;
}
