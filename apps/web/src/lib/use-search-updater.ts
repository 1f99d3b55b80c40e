import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

type Update = (next: (latest: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => void;

/**
 * The URL's search params, and an update that builds on the last change asked for. React Router's
 * functional update sees the URL of the last render, so two changes made before it re-renders
 * (two inputs filled in a row) would keep only the second.
 */
export function useSearchUpdater(): readonly [URLSearchParams, Update] {
  const [search, setSearch] = useSearchParams();
  const latest = useRef(search);
  useEffect(() => {
    latest.current = search;
  }, [search]);
  const update = useCallback<Update>(
    (next, options) => {
      const value = next(latest.current);
      latest.current = value;
      void setSearch(value, options);
    },
    [setSearch],
  );
  return [search, update] as const;
}
