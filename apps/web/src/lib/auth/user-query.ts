import { queryOptions, useQuery } from '@tanstack/react-query';
import { getUser } from './get-user';

export const userKeys = {
  all: ['user'] as const,
  detail: (email: string) => [...userKeys.all, email] as const,
};

export const userQueryOptions = (email: string) =>
  queryOptions({ queryKey: userKeys.detail(email), queryFn: ({ signal }) => getUser(email, signal) });

export const useUser = (email: string) => useQuery(userQueryOptions(email));
