import { useT } from '../../../i18n/use-t';
import { LegalFrame, Para } from '../legal-frame';

export default function PrivacyPage() {
  const { t } = useT();
  return (
    <LegalFrame title={t('FOOTER.PRIVACY')}>
      <Para>{t('LEGAL.PRIVACY.P1')}</Para>
      <Para>{t('LEGAL.PRIVACY.P2')}</Para>
      <Para>{t('LEGAL.PRIVACY.P3')}</Para>
    </LegalFrame>
  );
}
