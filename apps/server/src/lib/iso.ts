export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
export const isoMs = (ms: number | null | undefined): string | null =>
  ms === null || ms === undefined ? null : new Date(ms).toISOString();
