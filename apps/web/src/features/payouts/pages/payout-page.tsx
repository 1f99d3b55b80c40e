import { myPayoutsQuerySchema, type AccountEligibility, type Payout } from '@app/contracts/payouts';
import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconWallet } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyPanel } from '../../../components/empty-panel';
import { ListTable } from '../../../components/list-table/list-table';
import { useT } from '../../../i18n/use-t';
import { PageFrame } from '../../../layout/page-frame';
import { useFormat } from '../../../lib/format/use-format';
import { useListState } from '../../../lib/list-state/use-list-state';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCancelPayout } from '../api/cancel-payout';
import { useEligibility } from '../api/get-eligibility';
import { useMyPayouts } from '../api/list-my-payouts';
import { EligibilityCard } from '../components/eligibility-card';
import { usePayoutHistoryColumns } from '../components/payout-history-columns';
import { PayoutRequestDialog } from '../components/payout-request-dialog';

/**
 * /payout (and /help-support, SPEC §2): per funded account what can be withdrawn and the checklist,
 * the request with its confirmation, and the history with where each request stands.
 */
export default function PayoutPage() {
  const { t, tError } = useT();
  const format = useFormat();
  const eligibility = useEligibility();
  const list = useListState(myPayoutsQuerySchema);
  const history = useMyPayouts(list.params);
  const cancel = useCancelPayout();
  const [requesting, setRequesting] = useState<AccountEligibility | null>(null);
  const [cancelling, setCancelling] = useState<Payout | null>(null);

  // The Create dialog links here with `request=1`: open the form of the first eligible account.
  const [search, setSearch] = useSearchParams();
  const wantsRequest = search.get('request') === '1';
  useEffect(() => {
    if (!wantsRequest || !eligibility.data) return;
    const first = eligibility.data.accounts.find((a) => a.eligible);
    if (first) setRequesting(first);
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('request');
        return next;
      },
      { replace: true },
    );
  }, [wantsRequest, eligibility.data, setSearch]);

  const onCancel = useCallback((p: Payout) => setCancelling(p), []);
  const columns = usePayoutHistoryColumns({
    onCancel,
    busyId: cancel.isPending ? (cancelling?.id ?? null) : null,
    cancellable: history.data?.items.some((p) => p.status === 'requested') ?? false,
  });
  const confirmCancel = async () => {
    if (!cancelling) return;
    try {
      await cancel.mutateAsync(cancelling.id);
      toastSuccess(t('PAYOUT.CANCEL.SUCCESS'));
      setCancelling(null);
    } catch (error) {
      toastError(tError(error, 'PAYOUT.CANCEL.FAILED'));
    }
  };

  const accounts = eligibility.data?.accounts ?? [];
  return (
    <PageFrame title={t('MENU.PAYOUT')} breadcrumbs={[{ label: t('MENU.PAYOUT') }]}>
      <Text c="dimmed" size="sm" mb="lg" maw={720}>
        {t('PAYOUT.INTRO')}
      </Text>
      <Stack gap="md" mb="xl">
        {eligibility.isPending && <Skeleton height={220} radius="md" data-testid="payout-loading" />}
        {eligibility.isError && (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t('PAYOUT.LOAD_FAILED')}
            role="alert"
            data-testid="payout-error"
          >
            <Button mt="xs" size="compact-sm" variant="default" onClick={() => void eligibility.refetch()}>
              {t('LIST.RETRY')}
            </Button>
          </Alert>
        )}
        {eligibility.isSuccess && accounts.length === 0 && (
          <EmptyPanel
            icon={<IconWallet size={28} aria-hidden />}
            title={t('PAYOUT.NO_FUNDED.TITLE')}
            description={t('PAYOUT.NO_FUNDED.TEXT')}
          />
        )}
        {accounts.map((e) => (
          <EligibilityCard key={e.accountId} e={e} onRequest={() => setRequesting(e)} />
        ))}
      </Stack>

      <Title order={2} size="h4" mb="sm">
        {t('PAYOUT.HISTORY')}
      </Title>
      <ListTable
        label={t('PAYOUT.HISTORY')}
        columns={columns}
        query={history}
        list={list}
        testId="payout-history"
        empty={{
          icon: <IconWallet size={28} aria-hidden />,
          title: t('PAYOUT.EMPTY.TITLE'),
          text: t('PAYOUT.EMPTY.TEXT'),
        }}
      />

      <PayoutRequestDialog
        eligibility={requesting}
        turnaroundHours={eligibility.data?.turnaround.medianHours ?? null}
        onClose={() => setRequesting(null)}
      />
      <ConfirmDialog
        opened={cancelling !== null}
        title={t('PAYOUT.CANCEL.TITLE')}
        confirmLabel={t('PAYOUT.CANCEL')}
        busy={cancel.isPending}
        onConfirm={() => void confirmCancel()}
        onClose={() => setCancelling(null)}
      >
        {cancelling && t('PAYOUT.CANCEL.TEXT', { amount: format.money(cancelling.amountCents, cancelling.currency) })}
      </ConfirmDialog>
    </PageFrame>
  );
}
