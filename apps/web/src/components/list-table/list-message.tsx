import { Button, EmptyState } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t';

/** The table's empty, no-matches and error states: an icon, what happened, what to do. */
export function ListMessage({
  icon,
  title,
  text,
  children,
  tone = 'neutral',
  testId,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  children?: ReactNode;
  tone?: 'neutral' | 'error';
  testId: string;
}) {
  const error = tone === 'error';
  return (
    <EmptyState
      icon={icon}
      title={title}
      description={text}
      variant={error ? 'light' : undefined}
      color={error ? 'red' : undefined}
      withIndicatorBackground
      py={48}
      px="md"
      role={error ? 'alert' : 'status'}
      data-testid={testId}
    >
      {children && <EmptyState.Actions>{children}</EmptyState.Actions>}
    </EmptyState>
  );
}

/** A list (or the record behind a form) that did not load: what happened, and Retry. */
export function ListError({
  error,
  onRetry,
  title,
  testId = 'list-error',
}: {
  error: unknown;
  onRetry: () => void;
  /** Defaults to "The list could not be loaded". */
  title?: string;
  testId?: string;
}) {
  const { t, tError } = useT();
  return (
    <ListMessage
      tone="error"
      icon={<IconAlertTriangle size={28} aria-hidden />}
      title={title ?? t('LIST.ERROR.TITLE')}
      text={tError(error, 'LIST.ERROR.TEXT')}
      testId={testId}
    >
      <Button leftSection={<IconRefresh size={16} aria-hidden />} variant="default" onClick={onRetry}>
        {t('LIST.RETRY')}
      </Button>
    </ListMessage>
  );
}
