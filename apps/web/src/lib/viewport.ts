/** Mantine's default breakpoints, in em (the theme does not change them). */
const BREAKPOINT_EM = { xs: 36, sm: 48, md: 62, lg: 75, xl: 88 } as const;

/** On the server (app/first-paint), the width the visitor's browser sent; none: a phone's. */
let serverWidthPx: number | undefined;

/** A render on the server (synchronous) for a viewport `widthPx` wide. */
export function withServerViewport<T>(widthPx: number | undefined, render: () => T): T {
  serverWidthPx = widthPx;
  try {
    return render();
  } finally {
    serverWidthPx = undefined;
  }
}

/**
 * Whether the viewport is at least this breakpoint wide now. Read once, for decisions that only
 * matter to the first render (what a page draws before its first paint), so no listener.
 */
export function viewportAtLeast(breakpoint: keyof typeof BREAKPOINT_EM): boolean {
  if (typeof window === 'undefined') return (serverWidthPx ?? 0) >= BREAKPOINT_EM[breakpoint] * 16;
  return (
    typeof window.matchMedia === 'function' && window.matchMedia(`(min-width: ${BREAKPOINT_EM[breakpoint]}em)`).matches
  );
}
