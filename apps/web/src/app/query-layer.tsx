import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { registerQueryCacheClear } from '../lib/query-cache';
import { seedPrefetchedQueries } from './prefetched-queries';
import { createQueryClient } from './query-client';

const queryClient = createQueryClient();
seedPrefetchedQueries(queryClient);

/** TanStack Query for the routes that read server data (the shell, the legal pages). */
export default function QueryLayer() {
  useEffect(() => {
    registerQueryCacheClear(() => queryClient.clear());
    return () => registerQueryCacheClear(null);
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
