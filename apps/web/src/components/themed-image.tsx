import type { ImgHTMLAttributes } from 'react';
import { useThemeMode } from '../lib/theme/theme-provider';

/** An image with light and dark sources; the one matching the theme is shown. */
export function ThemedImage({
  light,
  dark,
  ...rest
}: { light: string; dark: string } & ImgHTMLAttributes<HTMLImageElement>) {
  const { resolved } = useThemeMode();
  return <img {...rest} src={resolved === 'dark' ? dark : light} data-src-light={light} data-src-dark={dark} />;
}
