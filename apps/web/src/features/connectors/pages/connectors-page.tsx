import { connectorListQuerySchema, type Connector } from '@app/contracts/trading';
import { Button, Text } from '@mantine/core';
import { IconPlugConnected, IconPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListTable } from '../../../components/list-table/list-table';
import { useT } from '../../../i18n/use-t';
import { PageFrame } from '../../../layout/page-frame';
import { useCurrentUser } from '../../../lib/auth/auth-provider';
import { isAdmin } from '../../../lib/auth/roles';
import { useListState } from '../../../lib/list-state/use-list-state';
import { useConnectors } from '../api/list-connectors';
import type { RotatedConnector } from '../api/rotate-connector';
import { useConnectorColumns } from '../components/connector-columns';
import { ConnectorFilters } from '../components/connector-filters';
import { CreateConnectorModal } from '../components/create-connector-modal';
import { RevokeConnectorDialog } from '../components/revoke-connector-dialog';
import { RotateConnectorDialog } from '../components/rotate-connector-dialog';
import { RotatedKeyModal } from '../components/rotated-key-modal';

/**
 * /integrations (staff): the trading-platform bridges that post trading events, each with its own
 * API key. Every staff role reads the list; only ADMIN creates, rotates keys and revokes.
 */
export default function ConnectorsPage() {
  const { t } = useT();
  const canWrite = isAdmin(useCurrentUser());
  const list = useListState(connectorListQuerySchema);
  const query = useConnectors(list.params);
  // The toolbar's Create dialog links here with ?create=1 to open the form at once.
  const [search, setSearch] = useSearchParams();
  const [creating, setCreating] = useState(() => canWrite && search.get('create') === '1');
  useEffect(() => {
    if (search.has('create')) {
      const next = new URLSearchParams(search);
      next.delete('create');
      setSearch(next, { replace: true });
    }
  }, [search, setSearch]);
  // The last connector asked about stays while the dialog animates closed.
  const [revoking, setRevoking] = useState<{ connector: Connector | null; open: boolean }>({
    connector: null,
    open: false,
  });
  const askRevoke = useCallback((connector: Connector) => setRevoking({ connector, open: true }), []);
  const closeRevoke = useCallback(() => setRevoking((r) => ({ ...r, open: false })), []);
  // Rotation: confirm (asked at `at`, to say until when the old key works), then the new key once.
  const [rotating, setRotating] = useState<{ connector: Connector | null; open: boolean; at: number }>({
    connector: null,
    open: false,
    at: 0,
  });
  const [rotated, setRotated] = useState<RotatedConnector | null>(null);
  const askRotate = useCallback((connector: Connector) => setRotating({ connector, open: true, at: Date.now() }), []);
  const closeRotate = useCallback(() => setRotating((r) => ({ ...r, open: false })), []);
  const showRotated = useCallback((result: RotatedConnector) => {
    setRotating((r) => ({ ...r, open: false }));
    setRotated(result);
  }, []);
  const columns = useConnectorColumns({ canWrite, onRotate: askRotate, onRevoke: askRevoke });

  const newButton = (testId?: string) =>
    canWrite && (
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)} data-testid={testId}>
        {t('CONNECTORS.NEW')}
      </Button>
    );

  return (
    <PageFrame
      title={t('MENU.INTEGRATIONS')}
      breadcrumbs={[{ label: t('MENU.INTEGRATIONS') }]}
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
      {canWrite && (
        <RotateConnectorDialog
          connector={rotating.connector}
          askedAt={rotating.at}
          opened={rotating.open}
          onClose={closeRotate}
          onRotated={showRotated}
        />
      )}
      {canWrite && <RotatedKeyModal rotated={rotated} onClose={() => setRotated(null)} />}
    </PageFrame>
  );
}
