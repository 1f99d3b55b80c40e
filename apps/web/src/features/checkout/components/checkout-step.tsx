import type { Challenge } from '@app/contracts/challenges';
import { vatIdSchema, type Order, type PaymentProvider } from '@app/contracts/commerce';
import type { User } from '@app/contracts/auth';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { Alert, Anchor, Button, Checkbox, Grid, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useT } from '../../../i18n/use-t';
import type { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format/use-format';
import { quoteQueryOptions, useQuote } from '../api/get-quote';
import { usePlaceOrder } from '../api/place-order';
import { clearBasket, loadBasket, saveBasket } from '../model/basket';
import { checkoutErrorId, checkoutFormSchema, type CheckoutFormValues } from '../model/checkout-form';
import { AccountGate } from './account-gate';
import { BillingFields } from './billing-fields';
import { DiscountField } from './discount-field';
import { OrderSummary } from './order-summary';
import { PaymentMethods } from './payment-methods';

const EMPTY_BILLING = {
  name: '',
  email: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  postalCode: '',
  country: '',
  company: '',
  vatId: '',
} as unknown as CheckoutFormValues['billing'];

/** The form as last left in this tab (after a sign-in round trip), else the member's name and email. */
function initialValues(user: User | null, providers: PaymentProvider[]): CheckoutFormValues {
  const kept = loadBasket();
  // What was typed wins; the member's own name and email fill what was left blank.
  const billing = {
    ...EMPTY_BILLING,
    ...kept?.billing,
    name: kept?.billing.name || (user ? `${user.firstName} ${user.lastName}` : ''),
    email: kept?.billing.email || (user?.email ?? ''),
  };
  const provider = kept?.provider && providers.includes(kept.provider) ? kept.provider : providers[0];
  return { billing, provider, acceptTerms: false as unknown as true } as CheckoutFormValues;
}

/**
 * Checkout for one challenge: billing details, discount code, terms, payment method, the summary
 * priced by the server, and Pay. A visitor fills it in first and signs in or registers to pay.
 */
export function CheckoutStep({
  challenge,
  providers,
  termsUrl,
  user,
  canPay,
  onBack,
  onPlaced,
}: {
  challenge: Challenge;
  providers: PaymentProvider[];
  termsUrl: string;
  user: User | null;
  /** False for staff: only members buy. */
  canPay: boolean;
  onBack: () => void;
  onPlaced: (order: Order) => void;
}) {
  const { t, tError } = useT();
  const format = useFormat();
  const queryClient = useQueryClient();
  const place = usePlaceOrder();
  const [formError, setFormError] = useState<string | null>(null);
  const [defaults] = useState(() => initialValues(user, providers));
  const [appliedCode, setAppliedCode] = useState(() => loadBasket()?.discountCode ?? '');
  const form = useForm<CheckoutFormValues>({
    resolver: standardSchemaResolver(checkoutFormSchema),
    mode: 'onTouched',
    defaultValues: defaults,
  });
  // watch() rather than useWatch: react-hook-form's shared chunk is on the login route.
  const values = form.watch();

  // Kept on every change: signing in or registering on the way must not lose any of it. (watch()
  // hands back the form's own object, changed in place: its text is what changes.)
  const snapshot = JSON.stringify(values);
  useEffect(() => {
    const current = JSON.parse(snapshot) as Partial<CheckoutFormValues>;
    saveBasket({
      challengeId: challenge.id,
      billing: { ...EMPTY_BILLING, ...current.billing },
      discountCode: appliedCode,
      provider: current.provider ?? null,
    });
  }, [challenge.id, snapshot, appliedCode]);

  // VAT depends on the buyer's country and VAT id: the summary is priced for what is typed so far.
  const country = values.billing?.country || undefined;
  const vat = vatIdSchema.safeParse(values.billing?.vatId ?? '');
  const quoteParams = useMemo(
    () => ({
      challengeId: challenge.id,
      discountCode: appliedCode,
      country,
      vatId: vat.success ? vat.data : '',
    }),
    [challenge.id, appliedCode, country, vat.success, vat.data],
  );
  const quote = useQuote(quoteParams);
  const [keptOrder, setKeptOrder] = useState(false);
  const errorText = (error: unknown) => {
    const id = checkoutErrorId((error as ApiError | undefined)?.code);
    return id ? t(id) : tError(error, 'CHECKOUT.ERROR.GENERIC');
  };

  const applyCode = async (code: string) => {
    try {
      await queryClient.fetchQuery(quoteQueryOptions({ ...quoteParams, discountCode: code }));
      setAppliedCode(code);
      return null;
    } catch (error) {
      return errorText(error);
    }
  };

  const pay = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      const { order } = await place.mutateAsync({
        challengeId: challenge.id,
        billing: v.billing,
        discountCode: appliedCode,
        provider: v.provider,
        acceptTerms: true,
      });
      onPlaced(order);
    } catch (error) {
      setFormError(errorText(error));
      // The order was placed and waits for its payment: paying here again would place another.
      if ((error as ApiError | undefined)?.code === 'PAYMENT_PROVIDER_UNAVAILABLE') {
        clearBasket();
        setKeptOrder(true);
      }
    }
  });

  return (
    <form onSubmit={pay} noValidate aria-labelledby="checkout-heading" data-testid="checkout-form">
      <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack} mb="sm" px={0}>
        {t('CHECKOUT.BACK')}
      </Button>
      <Title order={1} fz={{ base: 22, md: 26 }} mb="lg" id="checkout-heading">
        {t('CHECKOUT.TITLE', { name: challenge.name })}
      </Title>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Paper withBorder p="lg" style={{ background: 'var(--app-surface)', borderColor: 'var(--app-border)' }}>
              <Title order={2} fz="lg" mb="sm">
                {t('CHECKOUT.BILLING.TITLE')}
              </Title>
              <BillingFields form={form} />
            </Paper>
            <Paper withBorder p="lg" style={{ background: 'var(--app-surface)', borderColor: 'var(--app-border)' }}>
              <PaymentMethods
                providers={providers}
                value={values.provider}
                onChange={(p) => form.setValue('provider', p, { shouldValidate: true })}
                error={form.formState.errors.provider ? t('CHECKOUT.PAYMENT.REQUIRED') : undefined}
              />
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <OrderSummary challenge={challenge} quote={quote.data}>
            <DiscountField
              applied={appliedCode}
              initial={appliedCode}
              onApply={applyCode}
              onRemove={() => setAppliedCode('')}
            />
            {quote.isError && !quote.data && (
              <Alert color="red" variant="light" data-testid="quote-error">
                {errorText(quote.error)}
              </Alert>
            )}
            <Checkbox
              label={
                <>
                  {t('CHECKOUT.TERMS.ACCEPT')}{' '}
                  <Anchor href={termsUrl} target="_blank" rel="noopener noreferrer" inherit fw={600}>
                    {t('CHECKOUT.TERMS.LINK')}
                  </Anchor>
                </>
              }
              error={form.formState.errors.acceptTerms ? t('CHECKOUT.TERMS.REQUIRED') : undefined}
              {...form.register('acceptTerms')}
            />
            {formError && (
              <Alert color="red" variant="light" data-testid="checkout-error">
                {formError}
              </Alert>
            )}
            {keptOrder ? (
              <Button component={Link} to="/billing" size="md" fullWidth data-testid="checkout-to-billing">
                {t('CHECKOUT.RESULT.SEE_BILLING')}
              </Button>
            ) : !canPay ? null : user ? (
              <Button
                type="submit"
                size="md"
                fullWidth
                leftSection={<IconLock size={16} aria-hidden />}
                loading={place.isPending}
                data-testid="checkout-pay"
              >
                {quote.data
                  ? t('CHECKOUT.PAY_AMOUNT', { amount: format.money(quote.data.totalCents, quote.data.currency) })
                  : t('CHECKOUT.PAY')}
              </Button>
            ) : (
              <AccountGate />
            )}
          </OrderSummary>
        </Grid.Col>
      </Grid>
    </form>
  );
}
