import { ActionIcon, Anchor, Badge, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArchive, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import type { StaffChallenge } from '../api/list-challenges';

/** One badge per phase: the evaluation targets, then the funded split. */
function PhaseBadges({ challenge }: { challenge: StaffChallenge }) {
  const { t } = useT();
  const format = useFormat();
  let n = 0;
  return (
    <Group gap={4} wrap="wrap">
      {challenge.phases.map((p) => {
        if (p.kind === 'evaluation') n += 1;
        return p.kind === 'evaluation' ? (
          <Badge key={p.index} variant="light" color="blue" radius="sm">
            {t('CHALLENGES.LIST.PHASE_TARGET', { n, pct: format.percentBps(p.profitTargetBps ?? 0) })}
          </Badge>
        ) : (
          <Badge key={p.index} variant="default" radius="sm">
            {p.profitSplitBps === null
              ? t('CHECKOUT.RULES.FUNDED')
              : t('CHALLENGES.LIST.FUNDED_SPLIT', { pct: format.percentBps(p.profitSplitBps) })}
          </Badge>
        );
      })}
    </Group>
  );
}

/** The catalogue as staff see it; ADMIN gets edit and archive on each row. */
export function ChallengesTable({
  challenges,
  canWrite,
  onArchive,
}: {
  challenges: StaffChallenge[];
  canWrite: boolean;
  onArchive: (challenge: StaffChallenge) => void;
}) {
  const { t } = useT();
  const format = useFormat();
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('MENU.CHALLENGES')} data-testid="challenges-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('CHALLENGES.LIST.NAME')}</Table.Th>
            <Table.Th>{t('CHALLENGES.LIST.MODEL')}</Table.Th>
            <Table.Th ta="right">{t('CHALLENGES.LIST.SIZE')}</Table.Th>
            <Table.Th ta="right">{t('CHALLENGES.LIST.PRICE')}</Table.Th>
            <Table.Th>{t('CHALLENGES.LIST.PHASES')}</Table.Th>
            <Table.Th>{t('CHALLENGES.LIST.STATUS')}</Table.Th>
            <Table.Th ta="right">{t('CHALLENGES.LIST.ACCOUNTS')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('CHALLENGES.LIST.ACTIONS')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {challenges.map((c) => (
            <Table.Tr key={c.id} data-testid={`challenge-row-${c.slug}`}>
              <Table.Td>
                <Anchor component={Link} to={`/challenges/edit/${c.id}`} fw={600}>
                  {c.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {c.slug}
                </Text>
              </Table.Td>
              <Table.Td>
                {t('CHALLENGES.LIST.MODEL_STEPS', { n: c.phases.filter((p) => p.kind === 'evaluation').length })}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {format.money(c.accountSizeCents, c.currency)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {format.money(c.priceCents, c.currency)}
              </Table.Td>
              <Table.Td>
                <PhaseBadges challenge={c} />
              </Table.Td>
              <Table.Td>
                <Badge variant="dot" color={c.status === 'active' ? 'green' : 'gray'}>
                  {t(c.status === 'active' ? 'CHALLENGES.STATUS.ACTIVE' : 'CHALLENGES.STATUS.ARCHIVED')}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">{format.number(c.accountsCount)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <Tooltip label={t(canWrite ? 'CHALLENGES.LIST.EDIT' : 'CHALLENGES.LIST.VIEW')}>
                    <ActionIcon
                      component={Link}
                      to={`/challenges/edit/${c.id}`}
                      variant="subtle"
                      aria-label={t(canWrite ? 'CHALLENGES.LIST.EDIT_NAMED' : 'CHALLENGES.LIST.VIEW_NAMED', {
                        name: c.name,
                      })}
                    >
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  {canWrite && c.status === 'active' && (
                    <Tooltip label={t('CHALLENGES.LIST.ARCHIVE')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => onArchive(c)}
                        aria-label={t('CHALLENGES.LIST.ARCHIVE_NAMED', { name: c.name })}
                      >
                        <IconArchive size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
