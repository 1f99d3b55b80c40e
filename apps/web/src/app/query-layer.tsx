import { QueryClientProvider } from '@tanstack/react-query';
import { useContext, useEffect } from 'react';
import { Outlet } from 'react-router';
import { registerQueryCacheClear } from '../lib/query-cache';
import { seedPrefetchedQueries } from './prefetched-queries';
import { createQueryClient } from './query-client';
import { ServerQueryClient } from './server-query-client';

const queryClient = createQueryClient();
seedPrefetchedQueries(queryClient);

/** TanStack Query for the routes that read server data (the shell, the legal pages). */
export default function QueryLayer() {
  const client = useContext(ServerQueryClient) ?? queryClient;
  useEffect(() => {
    registerQueryCacheClear(() => queryClient.clear());
    return () => registerQueryCacheClear(null);
  }, []);
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
