/** Mantine's default breakpoints, in em (the theme does not change them). */
const BREAKPOINT_EM = { xs: 36, sm: 48, md: 62, lg: 75, xl: 88 } as const;

/**
 * Whether the viewport is at least this breakpoint wide now. Read once, for decisions that only
 * matter to the first render (what a page draws before its first paint), so no listener.
 */
export function viewportAtLeast(breakpoint: keyof typeof BREAKPOINT_EM): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia(`(min-width: ${BREAKPOINT_EM[breakpoint]}em)`).matches
  );
}
