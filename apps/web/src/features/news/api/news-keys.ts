/** Every query key of the news calendar; an import invalidates `all`. */
export const newsKeys = {
  all: ['news'] as const,
  week: (params: { from: string; to: string; timeZone: string; impact: string; currency: string }) =>
    [...newsKeys.all, 'week', params] as const,
  status: () => [...newsKeys.all, 'status'] as const,
};
