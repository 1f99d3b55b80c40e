import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t';

/**
 * The discount code and its Apply button. `onApply` asks the server for a quote with the code and
 * answers an error text, or null once the code is applied.
 */
export function DiscountField({
  applied,
  initial,
  onApply,
  onRemove,
}: {
  applied: string;
  initial: string;
  onApply: (code: string) => Promise<string | null>;
  onRemove: () => void;
}) {
  const { t } = useT();
  const [code, setCode] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = async () => {
    const value = code.trim().toUpperCase();
    if (!value) return;
    setBusy(true);
    setError(await onApply(value));
    setBusy(false);
  };

  if (applied)
    return (
      <Group justify="space-between" gap="xs" data-testid="discount-applied">
        <Text size="sm">
          <IconCheck size={14} aria-hidden /> {t('CHECKOUT.DISCOUNT.APPLIED', { code: applied })}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          color="gray"
          leftSection={<IconX size={14} aria-hidden />}
          onClick={() => {
            onRemove();
            setCode('');
          }}
        >
          {t('CHECKOUT.DISCOUNT.REMOVE')}
        </Button>
      </Group>
    );

  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <TextInput
        label={t('CHECKOUT.DISCOUNT.LABEL')}
        value={code}
        maxLength={40}
        autoComplete="off"
        onChange={(e) => {
          setCode(e.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void apply();
          }
        }}
        error={error}
        style={{ flex: 1 }}
        data-testid="discount-code"
      />
      <Button variant="default" mt={25} onClick={() => void apply()} loading={busy} disabled={!code.trim()}>
        {t('CHECKOUT.DISCOUNT.APPLY')}
      </Button>
    </Group>
  );
}
