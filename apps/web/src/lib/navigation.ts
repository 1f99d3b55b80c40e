/**
 * Lets code outside React (the API client, the session loop) move the router. The router
 * registers itself at start; until then a full page load is used.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

export function registerNavigator(fn: Navigate | null): void {
  navigator = fn;
}

export function navigateTo(to: string): void {
  if (navigator) navigator(to, { replace: true });
  else window.location.assign(to);
}
