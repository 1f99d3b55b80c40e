import { useT } from '../../../i18n/use-t';
import { LegalFrame, Para } from '../legal-frame';

export default function LegalPage() {
  const { t } = useT();
  return (
    <LegalFrame title={t('FOOTER.LEGAL')}>
      <Para>{t('LEGAL.TERMS.P1')}</Para>
      <Para>{t('LEGAL.TERMS.P2')}</Para>
      <Para>{t('LEGAL.TERMS.P3')}</Para>
    </LegalFrame>
  );
}
