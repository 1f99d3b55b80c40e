import { Button, Paper } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ListMessage } from '../../../components/list-table/list-message';
import { useT } from '../../../i18n/use-t';

/** A calendar read that failed: what happened and a retry. */
export function NewsLoadError({ onRetry, testId }: { onRetry: () => void; testId: string }) {
  const { t } = useT();
  return (
    <Paper withBorder radius="md">
      <ListMessage
        icon={<IconAlertCircle size={28} aria-hidden />}
        title={t('NEWS.ERROR.TITLE')}
        text={t('NEWS.ERROR.TEXT')}
        tone="error"
        testId={testId}
      >
        <Button variant="default" onClick={onRetry}>
          {t('NEWS.RETRY')}
        </Button>
      </ListMessage>
    </Paper>
  );
}
