import type { Challenge } from '@app/contracts/challenges';
import type { Order } from '@app/contracts/commerce';
import { Alert, Anchor, Box, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLogin } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';
import { useT } from '../../../i18n/use-t';
import { useAuth } from '../../../lib/auth/auth-provider';
import { homePathFor, isMember } from '../../../lib/auth/roles';
import { useConfig } from '../../../lib/config/config-query';
import { useCatalogue } from '../api/list-catalogue';
import { Catalogue } from '../components/catalogue';
import { CheckoutStep } from '../components/checkout-step';
import { PaymentResult } from '../components/payment-result';
import { clearBasket, loadBasket } from '../model/basket';

/**
 * /start-challenge, signed in or out: the catalogue, then the checkout of the chosen challenge
 * (`?challenge=<id>`), then the outcome. A visitor signs in or registers on the way and comes back
 * with `?resume=1` to the basket kept in this tab.
 */
export default function StartChallengePage() {
  const { t } = useT();
  const { state } = useAuth();
  const [search, setSearch] = useSearchParams();
  const config = useConfig();
  const catalogue = useCatalogue();
  const [placed, setPlaced] = useState<Order | null>(null);
  const challengeId = search.get('challenge');
  const resume = search.get('resume') === '1';

  // Back from signing in or registering: the kept basket opens its checkout again.
  useEffect(() => {
    if (!resume) return;
    const basket = loadBasket();
    setSearch(basket ? { challenge: basket.challengeId } : {}, { replace: true });
  }, [resume, setSearch]);

  const choose = useCallback(
    (c: Challenge) => {
      setSearch({ challenge: c.id });
      window.scrollTo({ top: 0 });
    },
    [setSearch],
  );
  const onPlaced = (order: Order) => {
    clearBasket();
    // Card payments happen on Stripe's page, which returns to /billing.
    if (order.status === 'pending' && order.checkoutUrl) {
      window.location.assign(order.checkoutUrl);
      return;
    }
    setPlaced(order);
    // The address no longer names the challenge: a reload shows the catalogue, not the same
    // checkout ready to be paid a second time.
    setSearch({}, { replace: true });
    window.scrollTo({ top: 0 });
  };

  const user = state.status === 'signed-in' ? state.user : null;
  const chosen = challengeId ? catalogue.data?.challenges.find((c) => c.id === challengeId) : undefined;
  const gone = challengeId !== null && catalogue.data !== undefined && chosen === undefined;

  let body;
  if (placed) body = <PaymentResult order={placed} />;
  else if (resume || state.status === 'checking' || (challengeId && (catalogue.isPending || config.isPending)))
    body = (
      <Group justify="center" py={80}>
        <Loader aria-label={t('COMMON.LOADING')} />
      </Group>
    );
  else if (chosen && config.data)
    body = (
      <>
        {user && !isMember(user) && (
          <Alert color="red" variant="light" data-testid="staff-cannot-buy">
            {t('CHECKOUT.STAFF_CANNOT_BUY')}
          </Alert>
        )}
        <CheckoutStep
          key={chosen.id}
          challenge={chosen}
          providers={config.data.checkout.providers}
          termsUrl={config.data.checkout.termsUrl}
          user={user && isMember(user) ? user : null}
          canPay={!user || isMember(user)}
          onBack={() => setSearch({})}
          onPlaced={onPlaced}
        />
      </>
    );
  else
    body = (
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 24, md: 30 }}>
            {t('CHECKOUT.CATALOGUE.TITLE')}
          </Title>
          <Text c="dimmed" maw={720} mt={4}>
            {t('CHECKOUT.CATALOGUE.INTRO')}
          </Text>
        </div>
        {gone && (
          <Alert color="red" variant="light" data-testid="challenge-gone">
            {t('CHECKOUT.CATALOGUE.GONE')}
          </Alert>
        )}
        <Catalogue onChoose={choose} />
      </Stack>
    );

  return (
    <Box component="main" mih="100vh" py={{ base: 'md', md: 32 }} bg="var(--mantine-color-body)">
      <Container size={1200}>
        <Group justify="space-between" mb="xl" wrap="nowrap">
          <Link to={user ? homePathFor(user) : '/start-challenge'} aria-label={t('MENU.HOME')}>
            <BrandLogo height={30} />
          </Link>
          {user ? (
            <Anchor component={Link} to={homePathFor(user)} fw={600} style={{ display: 'inline-flex', gap: 6 }}>
              <IconArrowLeft size={16} aria-hidden />{' '}
              {t(isMember(user) ? 'CHECKOUT.TO_ACCOUNTS' : 'CHECKOUT.TO_DASHBOARD')}
            </Anchor>
          ) : (
            state.status === 'signed-out' && (
              <Button
                variant="default"
                leftSection={<IconLogin size={16} aria-hidden />}
                component={Link}
                to="/auth/login"
              >
                {t('CHECKOUT.ACCOUNT.SIGN_IN')}
              </Button>
            )
          )}
        </Group>
        {body}
      </Container>
    </Box>
  );
}
