import type { Challenge } from '@app/contracts/challenges';

/** Every query key of the challenges desk; a save invalidates `all`. */
export const challengeKeys = {
  all: ['challenges'] as const,
  list: (status: Challenge['status'] | undefined) => [...challengeKeys.all, 'list', status ?? 'all'] as const,
  detail: (id: string) => [...challengeKeys.all, 'detail', id] as const,
};
