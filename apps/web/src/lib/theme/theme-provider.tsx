import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import {
  applyTheme,
  getStoredThemeMode,
  resolveTheme,
  storeThemeMode,
  watchSystemTheme,
  type ResolvedTheme,
  type ThemeMode,
} from './theme';

interface ThemeContextValue {
  mode: ThemeMode;
  resolved: ResolvedTheme;
  setMode: (mode: ThemeMode) => void;
}

const ThemeContext = createContext<ThemeContextValue>({ mode: 'light', resolved: 'light', setMode: () => {} });
export const useThemeMode = () => useContext(ThemeContext);

export function ThemeModeProvider({ children }: { children: (resolved: ResolvedTheme) => ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(getStoredThemeMode);
  const [resolved, setResolved] = useState<ResolvedTheme>(() => resolveTheme(mode));

  // System mode follows the operating system live.
  useEffect(() => {
    setResolved(resolveTheme(mode));
    if (mode !== 'system') return;
    return watchSystemTheme(setResolved);
  }, [mode]);

  useLayoutEffect(() => applyTheme(resolved), [resolved]);

  const setMode = useCallback((next: ThemeMode) => {
    storeThemeMode(next);
    setModeState(next);
  }, []);

  const value = useMemo(() => ({ mode, resolved, setMode }), [mode, resolved, setMode]);
  return <ThemeContext.Provider value={value}>{children(resolved)}</ThemeContext.Provider>;
}
