import type { NewsImportPreview } from '@app/contracts/news';
import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { importErrorField, importErrorText } from '../model/import-error-text';
import { ImpactBadge } from './impact-badge';

const SHOWN_ROWS = 200;

/** What an import would store: row errors by line first, then the parsed events (times in the viewer's zone). */
export function ImportPreview({ preview }: { preview: NewsImportPreview }) {
  const { t } = useT();
  const format = useFormat();
  return (
    <Stack gap="md" data-testid="news-import-preview">
      <Text size="sm" data-testid="news-import-summary">
        {t('NEWS.IMPORT.SUMMARY', {
          rows: preview.rows.length,
          existing: preview.existing,
          errors: preview.errors.length,
        })}
      </Text>
      {preview.errors.length > 0 && (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('NEWS.IMPORT.ERRORS')}>
          <Table.ScrollContainer minWidth={360}>
            <Table verticalSpacing={4} data-testid="news-import-errors">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('NEWS.IMPORT.COL.LINE')}</Table.Th>
                  <Table.Th>{t('NEWS.IMPORT.COL.FIELD')}</Table.Th>
                  <Table.Th>{t('NEWS.IMPORT.COL.PROBLEM')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.errors.slice(0, SHOWN_ROWS).map((e, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{e.line || '—'}</Table.Td>
                    <Table.Td>{importErrorField(t, e.field)}</Table.Td>
                    <Table.Td>{importErrorText(t, e)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Alert>
      )}
      {preview.rows.length > 0 && (
        <div>
          <Title order={2} size="h5" mb="xs">
            {t('NEWS.IMPORT.ROWS')}
          </Title>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing={4} striped data-testid="news-import-rows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('NEWS.IMPORT.COL.LINE')}</Table.Th>
                  <Table.Th>{t('NEWS.IMPORT.COL.TIME')}</Table.Th>
                  <Table.Th>{t('NEWS.IMPORT.COL.CURRENCY')}</Table.Th>
                  <Table.Th>{t('NEWS.IMPORT.COL.IMPACT')}</Table.Th>
                  <Table.Th>{t('NEWS.IMPORT.COL.TITLE')}</Table.Th>
                  <Table.Th>{t('NEWS.FORECAST')}</Table.Th>
                  <Table.Th>{t('NEWS.PREVIOUS')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.rows.slice(0, SHOWN_ROWS).map((r) => (
                  <Table.Tr key={r.line}>
                    <Table.Td>{r.line}</Table.Td>
                    <Table.Td>
                      {/* A row without a time is a date: its day as the file gives it, in any zone. */}
                      {r.timeKind === 'exact' ? format.dateTime(r.time) : format.date(`${r.date}T00:00:00Z`, 'UTC')}
                      {r.timeKind !== 'exact' && (
                        <Text size="xs" c="dimmed">
                          {t(r.timeKind === 'all_day' ? 'NEWS.TIME.ALL_DAY' : 'NEWS.TIME.TENTATIVE')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{r.currency}</Table.Td>
                    <Table.Td>
                      <ImpactBadge impact={r.impact} />
                    </Table.Td>
                    <Table.Td>{r.title}</Table.Td>
                    <Table.Td>{r.forecast || '—'}</Table.Td>
                    <Table.Td>{r.previous || '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {preview.rows.length > SHOWN_ROWS && (
            <Text size="xs" c="dimmed" mt="xs">
              {t('NEWS.IMPORT.MORE_ROWS', { count: preview.rows.length - SHOWN_ROWS })}
            </Text>
          )}
        </div>
      )}
    </Stack>
  );
}
