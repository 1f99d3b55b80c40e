import { Anchor } from '@mantine/core';
import { useConfig } from '../../../lib/config/config-query';
import { useT } from '../../../i18n/use-t';
import { LegalFrame, Para } from '../legal-frame';

export default function ContactPage() {
  const { t } = useT();
  const config = useConfig();
  return (
    <LegalFrame title={t('FOOTER.CONTACT')}>
      <Para>{t('LEGAL.CONTACT.P1')}</Para>
      <Para>
        {t('LEGAL.CONTACT.FAQ')}{' '}
        {config.data?.faqUrl && (
          <Anchor href={config.data.faqUrl} target="_blank" rel="noopener noreferrer" fw={600}>
            {t('MENU.HELP_SUPPORT')}
          </Anchor>
        )}
      </Para>
    </LegalFrame>
  );
}
