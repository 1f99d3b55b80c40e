import { Button, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth/auth-provider';
import { BrandPage } from '../../components/brand-page';
import { useT } from '../../i18n/use-t';
import type { MessageId } from '../../i18n/messages';

/** Return Home: /accounts for a USER, /dashboard otherwise (SPEC §2). */
export function returnHomePath(role: string | undefined): string {
  return role === 'USER' ? '/accounts' : '/dashboard';
}

export function ErrorFrame({ code, titleId, textId }: { code: string; titleId: MessageId; textId: MessageId }) {
  const { state } = useAuth();
  const { t } = useT();
  const role = state.status === 'signed-in' ? state.user.role : undefined;
  return (
    <BrandPage>
      <Text
        aria-hidden
        fw={800}
        style={{
          fontSize: 'clamp(72px, 14vw, 128px)',
          lineHeight: 1,
          background: 'linear-gradient(135deg, #50CD89, #1B84FF)',
          WebkitBackgroundClip: 'text',
          backgroundClip: 'text',
          color: 'transparent',
        }}
      >
        {code}
      </Text>
      <Title order={1} fz={26}>
        {t(titleId)}
      </Title>
      <Text c="dimmed">{t(textId)}</Text>
      <Button
        component={Link}
        to={returnHomePath(role)}
        size="md"
        leftSection={<IconHome size={18} aria-hidden />}
        data-testid="return-home"
      >
        {t('ERROR.RETURN_HOME')}
      </Button>
    </BrandPage>
  );
}
