import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { useT } from '../i18n/use-t';
import classes from './top-progress.module.css';

/** The thin bar at the top while a lazy page (or its data) loads. */
export function TopProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [visible, setVisible] = useState(false);
  const { t } = useT();

  useEffect(() => {
    if (busy) {
      setVisible(true);
      return;
    }
    const t = setTimeout(() => setVisible(false), 250);
    return () => clearTimeout(t);
  }, [busy]);

  if (!visible) return null;
  return (
    <div
      className={classes.bar}
      data-done={!busy || undefined}
      role="progressbar"
      aria-label={t('COMMON.LOADING')}
      aria-busy={busy}
      data-testid="top-progress"
    />
  );
}
