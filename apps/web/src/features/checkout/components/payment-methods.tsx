import type { PaymentProvider } from '@app/contracts/commerce';
import { Group, Radio, Stack, Text } from '@mantine/core';
import { IconBuildingBank, IconCreditCard, IconFlask } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/messages';

const METHODS: Record<PaymentProvider, { label: MessageId; text: MessageId; icon: typeof IconCreditCard }> = {
  demo: { label: 'CHECKOUT.PAYMENT.DEMO', text: 'CHECKOUT.PAYMENT.DEMO_TEXT', icon: IconFlask },
  manual: { label: 'CHECKOUT.PAYMENT.MANUAL', text: 'CHECKOUT.PAYMENT.MANUAL_TEXT', icon: IconBuildingBank },
  stripe: { label: 'CHECKOUT.PAYMENT.STRIPE', text: 'CHECKOUT.PAYMENT.STRIPE_TEXT', icon: IconCreditCard },
};

/** The payment methods this server offers. */
export function PaymentMethods({
  providers,
  value,
  onChange,
  error,
}: {
  providers: PaymentProvider[];
  value: PaymentProvider | undefined;
  onChange: (p: PaymentProvider) => void;
  error?: string;
}) {
  const { t } = useT();
  return (
    <Radio.Group
      label={t('CHECKOUT.PAYMENT.LABEL')}
      value={value ?? null}
      onChange={(v) => onChange(v as PaymentProvider)}
      error={error}
      required
    >
      <Stack gap="xs" mt="xs">
        {providers.map((p) => {
          const { label, text, icon: Icon } = METHODS[p];
          return (
            <Radio.Card key={p} value={p} p="sm" radius="md" data-testid={`provider-${p}`}>
              <Group wrap="nowrap" align="flex-start">
                <Radio.Indicator />
                <Icon size={20} aria-hidden />
                <div>
                  <Text fw={600} size="sm">
                    {t(label)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(text)}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          );
        })}
      </Stack>
    </Radio.Group>
  );
}
