import { Group, Skeleton, Stack } from '@mantine/core';
import { useT } from '../../i18n/use-t';

/** Rows of grey bars while the first page (or the table's code) loads. */
export function ListSkeleton({ rows = 6 }: { rows?: number }) {
  const { t } = useT();
  return (
    <Stack gap="md" p="md" aria-busy="true" aria-label={t('COMMON.LOADING')} role="status" data-testid="list-loading">
      <Skeleton h={14} w="40%" />
      {Array.from({ length: rows }, (_, i) => (
        <Group key={i} gap="md" wrap="nowrap">
          <Skeleton h={18} w="28%" />
          <Skeleton h={18} w="18%" />
          <Skeleton h={18} w="14%" />
          <Skeleton h={18} w="24%" />
        </Group>
      ))}
    </Stack>
  );
}
