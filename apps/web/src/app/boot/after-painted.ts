/**
 * Runs `then` once `shown` is on screen: the browser reports it as a largest-paint candidate (a
 * paint of the splash before this script ran does not count). Where that is not reported, after
 * the next frame; and after `fallbackMs` whatever happens (a tab opened in the background paints
 * nothing).
 */
export function afterPainted(shown: Element, then: () => void, fallbackMs: number): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    then();
  };
  const observer =
    typeof PerformanceObserver === 'function' &&
    PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
      ? new PerformanceObserver((list) => {
          const entries = list.getEntries() as Array<PerformanceEntry & { element?: Element | null }>;
          if (entries.some((e) => e.element && shown.contains(e.element))) once();
        })
      : null;
  if (observer) observer.observe({ type: 'largest-contentful-paint', buffered: true });
  else requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, fallbackMs);
}
