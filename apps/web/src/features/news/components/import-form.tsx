import { NEWS_CSV_DEFAULT_ZONE, NEWS_IMPORT_MAX_BYTES, type NewsImportPreview } from '@app/contracts/news';
import { Alert, Button, FileInput, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { toastSuccess } from '../../../lib/toast';
import { useCommitImport, usePreviewImport, type NewsImportRequest } from '../api/import-calendar';
import { ImportPreview } from './import-preview';

const zones = () => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [NEWS_CSV_DEFAULT_ZONE];
  }
};

/**
 * Upload in two steps: the file is read here and previewed by the server (rows and row errors by
 * line, nothing stored), then imported (a re-imported week updates its events). CSV times carry no
 * offset: they are read in the chosen zone, New York by default (the common calendars' own).
 */
export function ImportForm() {
  const { t, tError } = useT();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<'json' | 'csv'>('json');
  const [timeZone, setTimeZone] = useState(NEWS_CSV_DEFAULT_ZONE);
  const [request, setRequest] = useState<NewsImportRequest | null>(null);
  const [preview, setPreview] = useState<NewsImportPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const previewing = usePreviewImport();
  const committing = useCommitImport();
  const zoneOptions = useMemo(zones, []);

  const choose = (f: File | null) => {
    setFile(f);
    setPreview(null);
    setProblem(null);
    if (f) setFormat(/\.csv$/i.test(f.name) ? 'csv' : 'json');
  };

  const runPreview = async () => {
    if (!file) return;
    setPreview(null);
    setProblem(null);
    if (file.size > NEWS_IMPORT_MAX_BYTES) {
      setProblem(t('NEWS.IMPORT.TOO_LARGE'));
      return;
    }
    const body = { format, fileName: file.name, timeZone, content: await file.text() };
    previewing.mutate(body, {
      onSuccess: (result) => {
        setRequest(body);
        setPreview(result);
      },
      onError: (error) => setProblem(tError(error, 'NEWS.IMPORT.PREVIEW_FAILED')),
    });
  };

  const runImport = () => {
    if (!request) return;
    committing.mutate(request, {
      onSuccess: ({ import: done }) => {
        toastSuccess(t('NEWS.IMPORT.DONE', { inserted: done.inserted, updated: done.updated, skipped: done.skipped }));
        setPreview(null);
        setRequest(null);
        setFile(null);
      },
      onError: (error) => setProblem(tError(error, 'NEWS.IMPORT.FAILED_TEXT')),
    });
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <FileInput
          label={t('NEWS.IMPORT.FILE')}
          description={t('NEWS.IMPORT.FILE_HINT')}
          accept=".json,.csv,application/json,text/csv"
          value={file}
          onChange={choose}
          clearable
          leftSection={<IconFileUpload size={16} aria-hidden />}
          data-testid="news-import-file"
        />
        <Group gap="md" align="flex-end" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="news-import-format">
              {t('NEWS.IMPORT.FORMAT')}
            </Text>
            <SegmentedControl
              aria-labelledby="news-import-format"
              value={format}
              onChange={(v) => setFormat(v as 'json' | 'csv')}
              data={[
                { value: 'json', label: 'JSON' },
                { value: 'csv', label: 'CSV' },
              ]}
            />
          </Stack>
          {format === 'csv' && (
            <Select
              label={t('NEWS.IMPORT.ZONE')}
              description={t('NEWS.IMPORT.ZONE_HINT')}
              data={zoneOptions}
              value={timeZone}
              onChange={(v) => setTimeZone(v ?? NEWS_CSV_DEFAULT_ZONE)}
              searchable
              allowDeselect={false}
              w={{ base: '100%', sm: 280 }}
              data-testid="news-import-zone"
            />
          )}
        </Group>
        <Group gap="sm">
          <Button
            onClick={() => void runPreview()}
            disabled={!file}
            loading={previewing.isPending}
            data-testid="news-import-preview-button"
          >
            {t('NEWS.IMPORT.PREVIEW')}
          </Button>
          {preview && preview.rows.length > 0 && (
            <Button color="green.8" onClick={runImport} loading={committing.isPending} data-testid="news-import-commit">
              {t('NEWS.IMPORT.COMMIT', { count: preview.rows.length })}
            </Button>
          )}
        </Group>
        {problem && (
          <Alert color="red" role="alert" data-testid="news-import-problem">
            {problem}
          </Alert>
        )}
        {preview && <ImportPreview preview={preview} />}
      </Stack>
    </Paper>
  );
}
