import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { darken, shadesOf } from '../layout/colors';

const dark: MantineColorsTuple = [
  '#F5F5F5',
  '#C9CBD4',
  '#9A9CAE',
  '#71748A',
  '#363843',
  '#2A2C36',
  '#1C1D24',
  '#15171C',
  '#0F1014',
  '#0A0B0E',
];
const gray: MantineColorsTuple = [
  '#F9F9F9',
  '#F1F1F4',
  '#E9ECEF',
  '#DBDFE9',
  '#C4CADA',
  '#99A1B7',
  '#78829D',
  '#4B5675',
  '#252F4A',
  '#071437',
];

export function buildTheme(primaryHex: string) {
  const brand = shadesOf(primaryHex);
  return createTheme({
    primaryColor: 'brand',
    primaryShade: { light: 6, dark: 6 },
    autoContrast: true,
    luminanceThreshold: 0.35,
    colors: { brand, dark, gray },
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    headings: { fontWeight: '700' },
    defaultRadius: 'md',
    cursorType: 'pointer',
    // Transitions off for people who ask their system for less motion.
    respectReducedMotion: true,
    components: {
      Button: { defaultProps: { fw: 600 } },
      // Mantine's focus placeholder is a role=presentation child of role=menu, which axe reports.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
      Paper: { defaultProps: { radius: 'lg' } },
      Card: { defaultProps: { radius: 'lg' } },
    },
  });
}

/** Readable text on light backgrounds: links and dimmed text a step darker than Mantine's default. */
export function cssVariablesResolver(primaryHex: string): CSSVariablesResolver {
  const brand = shadesOf(primaryHex);
  return () => ({
    variables: {},
    light: {
      '--mantine-color-anchor': darken(primaryHex, 0.45),
      '--mantine-color-dimmed': '#5E6278',
      '--mantine-color-body': '#F5F7FA',
      '--app-surface': '#FFFFFF',
      '--app-border': '#E4E6EF',
      '--app-brand-text': darken(primaryHex, 0.45),
      '--mantine-color-error': '#D6293E',
      // Text of light-variant teal and green (badges, alerts) on their tinted backgrounds: Mantine's
      // shade 6 is below 3:1 there ("Approved", "Paid"); these reach 4.5:1.
      '--mantine-color-teal-light-color': '#066649',
      '--mantine-color-green-light-color': '#237032',
    },
    dark: {
      '--mantine-color-anchor': brand[4],
      '--mantine-color-dimmed': '#9A9CAE',
      '--mantine-color-body': '#0F1014',
      '--app-surface': '#15171C',
      '--app-border': '#26272F',
      '--app-brand-text': brand[4],
      '--mantine-color-error': '#FF8A9A',
    },
  });
}
