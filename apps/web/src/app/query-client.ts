import { REFETCH_FOCUS_THROTTLE_MS } from '@app/contracts/constants';
import { focusManager, QueryClient } from '@tanstack/react-query';
import { ApiError, getJson } from '../lib/api-client';

/** Refetch on focus, at most once per 30 s (SPEC §7, §9). */
let lastFocus = 0;
focusManager.setEventListener((handleFocus) => {
  // A render on the server (app/first-paint) has no window and no focus.
  if (typeof window === 'undefined') return undefined;
  const onFocus = () => {
    const now = Date.now();
    if (now - lastFocus < REFETCH_FOCUS_THROTTLE_MS) return;
    lastFocus = now;
    handleFocus(true);
  };
  window.addEventListener('visibilitychange', onFocus, false);
  window.addEventListener('focus', onFocus, false);
  return () => {
    window.removeEventListener('visibilitychange', onFocus);
    window.removeEventListener('focus', onFocus);
  };
});

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The default fetcher: a GET of the key's path returning the body.
        queryFn: ({ queryKey, signal }) => getJson(String(queryKey[0]), signal),
        staleTime: REFETCH_FOCUS_THROTTLE_MS,
        refetchOnWindowFocus: true,
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}
