import { connectorListQuerySchema, type Connector } from '@app/contracts/trading';
import { Button, Text } from '@mantine/core';
import { IconPlugConnected, IconPlus } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { ListTable } from '../../../components/list-table/list-table';
import { useT } from '../../../i18n/use-t';
import { PageFrame } from '../../../layout/page-frame';
import { useCurrentUser } from '../../../lib/auth/auth-provider';
import { isAdmin } from '../../../lib/auth/roles';
import { useListState } from '../../../lib/list-state/use-list-state';
import { useConnectors } from '../api/list-connectors';
import { useConnectorColumns } from '../components/connector-columns';
import { ConnectorFilters } from '../components/connector-filters';
import { CreateConnectorModal } from '../components/create-connector-modal';
import { RevokeConnectorDialog } from '../components/revoke-connector-dialog';

/**
 * /connectors (staff): the trading-platform bridges that post trading events, each with its own
 * API key. Every staff role reads the list; only ADMIN creates and revokes.
 */
export default function ConnectorsPage() {
  const { t } = useT();
  const canWrite = isAdmin(useCurrentUser());
  const list = useListState(connectorListQuerySchema);
  const query = useConnectors(list.params);
  const [creating, setCreating] = useState(false);
  // The last connector asked about stays while the dialog animates closed.
  const [revoking, setRevoking] = useState<{ connector: Connector | null; open: boolean }>({
    connector: null,
    open: false,
  });
  const askRevoke = useCallback((connector: Connector) => setRevoking({ connector, open: true }), []);
  const closeRevoke = useCallback(() => setRevoking((r) => ({ ...r, open: false })), []);
  const columns = useConnectorColumns({ canWrite, onRevoke: askRevoke });

  const newButton = (testId?: string) =>
    canWrite && (
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)} data-testid={testId}>
        {t('CONNECTORS.NEW')}
      </Button>
    );

  return (
    <PageFrame
      title={t('MENU.CONNECTORS')}
      breadcrumbs={[{ label: t('MENU.CONNECTORS') }]}
      actions={newButton('connector-new')}
    >
      <Text c="dimmed" size="sm" mb="lg" maw={720}>
        {t('CONNECTORS.INTRO')} {!canWrite && t('CONNECTORS.READ_ONLY')}
      </Text>
      <ConnectorFilters list={list} />
      <ListTable
        label={t('MENU.CONNECTORS')}
        columns={columns}
        query={query}
        list={list}
        testId="connectors-table"
        empty={{
          icon: <IconPlugConnected size={28} aria-hidden />,
          title: t('CONNECTORS.EMPTY.TITLE'),
          text: t('CONNECTORS.EMPTY.TEXT'),
          action: newButton() || undefined,
        }}
      />
      {canWrite && <CreateConnectorModal opened={creating} onClose={() => setCreating(false)} />}
      {canWrite && (
        <RevokeConnectorDialog connector={revoking.connector} opened={revoking.open} onClose={closeRevoke} />
      )}
    </PageFrame>
  );
}
