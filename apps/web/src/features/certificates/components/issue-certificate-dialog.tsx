import { CERTIFICATE_KINDS, issueCertificateRequestSchema, type CertificateKind } from '@app/contracts/certificates';
import { Button, Group, Modal, NativeSelect, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useIssueCertificate } from '../api/issue-certificate';
import { useCertificateMembers, useMemberAccounts } from '../api/search-members';
import { KIND_LABELS } from './certificate-texts';

/** Issues a certificate by hand (ADMIN): member, kind, account, amount for a payout, reason. */
export function IssueCertificateDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, tError, tValidation } = useT();
  const issue = useIssueCertificate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const members = useCertificateMembers(debounced.trim());
  const [userId, setUserId] = useState<string | null>(null);
  const accounts = useMemberAccounts(userId);
  const [kind, setKind] = useState<CertificateKind>('phase_passed');
  const [accountId, setAccountId] = useState('');
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!opened) return;
    setSearch('');
    setUserId(null);
    setKind('phase_passed');
    setAccountId('');
    setAmount('');
    setReason('');
    setFieldErrors({});
  }, [opened]);

  const submit = async () => {
    if (!userId) {
      setFieldErrors({ userId: t('CERTIFICATES.ISSUE.CHOOSE_MEMBER') });
      return;
    }
    const body = {
      userId,
      kind,
      accountId: accountId || null,
      amountCents: kind === 'payout' && amount !== '' ? Math.round(Number(amount) * 100) : null,
      reason: reason.trim(),
    };
    // The contract's own rules, checked here first: each field says what it lacks in the reader's language.
    const checked = issueCertificateRequestSchema.safeParse(body);
    if (!checked.success) {
      const issues = checked.error.issues.map((i) => [String(i.path[0]), tValidation(i.message) ?? i.message]);
      setFieldErrors(Object.fromEntries(issues.reverse()));
      return;
    }
    try {
      const { certificate } = await issue.mutateAsync(body);
      toastSuccess(t('CERTIFICATES.ISSUE.SUCCESS', { code: certificate.code }));
      onClose();
    } catch (error) {
      const fields = (error as { fields?: Record<string, string> }).fields ?? {};
      setFieldErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, tValidation(v) ?? v])));
      toastError(tError(error, 'CERTIFICATES.ISSUE.FAILED'));
    }
  };

  const memberData = (members.data?.members ?? []).map((m) => ({ value: m.id, label: `${m.name} · ${m.email}` }));
  return (
    <Modal
      opened={opened}
      onClose={issue.isPending ? () => {} : onClose}
      title={
        <Text component="span" fw={700} size="lg">
          {t('CERTIFICATES.ISSUE.TITLE')}
        </Text>
      }
      centered
      closeButtonProps={{ 'aria-label': t('COMMON.CLOSE') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Select
            label={t('CERTIFICATES.ISSUE.MEMBER')}
            placeholder={t('CERTIFICATES.ISSUE.MEMBER_PLACEHOLDER')}
            searchable
            required
            searchValue={search}
            onSearchChange={setSearch}
            data={memberData}
            value={userId}
            onChange={(v) => {
              setUserId(v);
              setAccountId('');
            }}
            filter={({ options }) => options}
            nothingFoundMessage={t('CERTIFICATES.ISSUE.NO_MEMBER')}
            error={fieldErrors.userId}
            data-testid="issue-member"
          />
          <NativeSelect
            label={t('CERTIFICATES.COL.KIND')}
            value={kind}
            onChange={(e) => setKind(CERTIFICATE_KINDS.find((k) => k === e.currentTarget.value) ?? 'phase_passed')}
            data={CERTIFICATE_KINDS.map((k) => ({ value: k, label: t(KIND_LABELS[k]) }))}
            data-testid="issue-kind"
          />
          <NativeSelect
            label={t('CERTIFICATES.ISSUE.ACCOUNT')}
            value={accountId}
            disabled={!userId}
            onChange={(e) => setAccountId(e.currentTarget.value)}
            data={[
              {
                value: '',
                label: t(kind === 'payout' ? 'CERTIFICATES.ISSUE.NO_ACCOUNT' : 'CERTIFICATES.ISSUE.CHOOSE_ACCOUNT'),
              },
              ...(accounts.data?.accounts ?? []).map((a) => ({
                value: a.id,
                label: `${a.login} · ${a.challengeName}`,
              })),
            ]}
            error={fieldErrors.accountId}
            data-testid="issue-account"
          />
          {kind === 'payout' && (
            <NumberInput
              label={t('CERTIFICATES.ISSUE.AMOUNT')}
              required
              min={0.01}
              decimalScale={2}
              value={amount}
              onChange={setAmount}
              error={fieldErrors.amountCents}
              data-testid="issue-amount"
            />
          )}
          <TextInput
            label={t('CERTIFICATES.REASON')}
            required
            maxLength={300}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={fieldErrors.reason}
            data-testid="issue-reason"
          />
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose} disabled={issue.isPending}>
              {t('COMMON.CANCEL')}
            </Button>
            <Button type="submit" loading={issue.isPending} data-testid="issue-submit">
              {t('CERTIFICATES.ISSUE')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
