import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import {
  applyLayoutRules,
  deepMerge,
  loadLayoutConfig,
  needsReload,
  saveLayoutConfig,
  type LayoutConfig,
  type LayoutPatch,
} from './layout-config';

interface LayoutContextValue {
  config: LayoutConfig;
  /** Type or toolbar changes save and reload; anything else applies live (and is kept). */
  updateLayout: (patch: LayoutPatch) => void;
  reset: () => void;
}

const LayoutContext = createContext<LayoutContextValue | null>(null);

export function useLayout(): LayoutContextValue {
  const ctx = useContext(LayoutContext);
  if (!ctx) throw new Error('useLayout outside LayoutProvider');
  return ctx;
}

export function LayoutProvider({
  children,
  reload = () => window.location.reload(),
}: {
  children: ReactNode;
  reload?: () => void;
}) {
  const [config, setConfig] = useState<LayoutConfig>(loadLayoutConfig);

  const updateLayout = useCallback(
    (patch: LayoutPatch) => {
      const next = applyLayoutRules(deepMerge(config, patch));
      saveLayoutConfig(next);
      if (needsReload(config, patch)) reload();
      else setConfig(next);
    },
    [config, reload],
  );

  const reset = useCallback(() => {
    saveLayoutConfig(
      applyLayoutRules(
        deepMerge(loadLayoutConfig(), {
          layoutType: 'dark-sidebar',
          app: { general: { pageWidth: 'default', primaryColor: '#50CD89' } },
        }),
      ),
    );
    reload();
  }, [reload]);

  const value = useMemo(() => ({ config, updateLayout, reset }), [config, updateLayout, reset]);
  return <LayoutContext.Provider value={value}>{children}</LayoutContext.Provider>;
}
