import type { TradingAccount } from '@app/contracts/trading';
import { ActionIcon, Button, Code, Collapse, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconEye, IconEyeOff, IconKey } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useT } from '../../../i18n/use-t';

function CopyValue({ value, label }: { value: string; label: string }) {
  const { t } = useT();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  const text = t(copied ? 'ACCOUNTS.CREDENTIALS.COPIED' : 'ACCOUNTS.CREDENTIALS.COPY', { field: label });
  return (
    <Tooltip label={text} withArrow>
      <ActionIcon
        variant="subtle"
        color={copied ? 'teal' : 'gray'}
        onClick={() => void copy()}
        aria-label={text}
        data-testid="credential-copy"
      >
        {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}

/** Platform login, server and password behind "Show credentials", each with a copy button. */
export function AccountCredentials({ account }: { account: TradingAccount }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const panelId = useId();
  const rows = [
    { key: 'login', label: t('ACCOUNTS.CREDENTIALS.LOGIN'), value: account.login, secret: false },
    { key: 'server', label: t('ACCOUNTS.CREDENTIALS.SERVER'), value: account.server, secret: false },
    { key: 'password', label: t('ACCOUNTS.CREDENTIALS.PASSWORD'), value: account.password, secret: true },
  ];
  return (
    <div>
      <Button
        variant="subtle"
        size="compact-sm"
        c="var(--app-brand-text)"
        leftSection={<IconKey size={14} aria-hidden />}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="credentials-toggle"
      >
        {t(open ? 'ACCOUNTS.CREDENTIALS.HIDE' : 'ACCOUNTS.CREDENTIALS.SHOW')}
      </Button>
      <Collapse expanded={open} id={panelId}>
        {open && (
          <Stack gap={4} mt="xs" data-testid="credentials">
            {rows.map((r) => (
              <Group key={r.key} gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm" c="dimmed" w={90} style={{ flexShrink: 0 }}>
                  {r.label}
                </Text>
                <Code style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }} data-testid={`credential-${r.key}`}>
                  {r.secret && !showPassword ? '••••••••' : r.value}
                </Code>
                <Group gap={0} wrap="nowrap">
                  {r.secret && (
                    <Tooltip
                      label={t(
                        showPassword ? 'ACCOUNTS.CREDENTIALS.HIDE_PASSWORD' : 'ACCOUNTS.CREDENTIALS.SHOW_PASSWORD',
                      )}
                      withArrow
                    >
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        onClick={() => setShowPassword((s) => !s)}
                        aria-label={t(
                          showPassword ? 'ACCOUNTS.CREDENTIALS.HIDE_PASSWORD' : 'ACCOUNTS.CREDENTIALS.SHOW_PASSWORD',
                        )}
                        aria-pressed={showPassword}
                      >
                        {showPassword ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                  <CopyValue value={r.value} label={r.label} />
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Collapse>
    </div>
  );
}
