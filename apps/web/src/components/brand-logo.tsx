import { ThemedImage } from './themed-image';

/** The product logo: a dark wordmark on light backgrounds and a light one on dark. */
export function BrandLogo({ height = 32, onDark = false }: { height?: number; onDark?: boolean }) {
  if (onDark) return <img src="/media/logo-dark.svg" alt="FundedPro" height={height} width={height * 5} />;
  return (
    <ThemedImage
      light="/media/logo-light.svg"
      dark="/media/logo-dark.svg"
      alt="FundedPro"
      height={height}
      width={height * 5}
    />
  );
}
