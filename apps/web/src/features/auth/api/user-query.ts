import { queryOptions, useQuery } from '@tanstack/react-query';
import { getUser } from './get-user';

export const userQueryOptions = (email: string) =>
  queryOptions({ queryKey: ['user', email], queryFn: ({ signal }) => getUser(email, signal) });

export const useUser = (email: string) => useQuery(userQueryOptions(email));
