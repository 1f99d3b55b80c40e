import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The search parameter naming the row whose drawer is open. */
const VIEW_PARAM = 'view';

/**
 * A list's open row (its detail drawer) kept in the URL as `?view=<id>` beside the list's own
 * state, so a shared link or a reload opens it again. Opening and closing leave the scroll where it
 * is and keep the other parameters.
 */
export function useOpenRow(): { openId: string | null; open: (id: string) => void; close: () => void } {
  const [search, setSearch] = useSearchParams();
  const setView = useCallback(
    (id: string | null) =>
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (id === null) next.delete(VIEW_PARAM);
          else next.set(VIEW_PARAM, id);
          return next;
        },
        { preventScrollReset: true },
      ),
    [setSearch],
  );
  const open = useCallback((id: string) => setView(id), [setView]);
  const close = useCallback(() => setView(null), [setView]);
  return { openId: search.get(VIEW_PARAM), open, close };
}
