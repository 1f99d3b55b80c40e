import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ListSkeleton } from '../../../components/list-table/list-skeleton';
import { useT } from '../../../i18n/use-t';
import { PageFrame } from '../../../layout/page-frame';
import { useCurrentUser } from '../../../lib/auth/auth-provider';
import { isAdmin } from '../../../lib/auth/roles';
import { useImportStatus } from '../api/get-import-status';
import { FeedStatus } from '../components/feed-status';
import { ImportForm } from '../components/import-form';
import { NewsLoadError } from '../components/news-load-error';

/**
 * /news-calendar-import (staff): upload a week of the economic calendar (JSON or CSV) with a
 * preview first, and the scheduled feed's state. SUPPORT sees the state, read-only.
 */
export default function NewsCalendarImportPage() {
  const { t } = useT();
  const canWrite = isAdmin(useCurrentUser());
  const status = useImportStatus();
  return (
    <PageFrame
      title={t('MENU.NEWS_CALENDAR_IMPORT')}
      breadcrumbs={[{ label: t('MENU.NEWS_CALENDAR_IMPORT') }]}
      actions={
        <Button component={Link} to="/news-calendar" variant="default">
          {t('NEWS.IMPORT.OPEN_CALENDAR')}
        </Button>
      }
    >
      <Text c="dimmed" size="sm" mb="lg" maw={760}>
        {t('NEWS.IMPORT.INTRO')}
      </Text>
      <Stack gap="lg">
        {canWrite ? (
          <ImportForm />
        ) : (
          <Alert color="gray" data-testid="news-import-read-only">
            {t('NEWS.IMPORT.READ_ONLY')}
          </Alert>
        )}
        {status.isPending ? (
          <Paper withBorder radius="md">
            <ListSkeleton rows={4} />
          </Paper>
        ) : status.isError ? (
          <NewsLoadError onRetry={() => void status.refetch()} testId="news-status-error" />
        ) : (
          <FeedStatus status={status.data} />
        )}
      </Stack>
    </PageFrame>
  );
}
