import type { Challenge } from '@app/contracts/challenges';

/** A challenge's model: how many evaluation phases stand between the purchase and funding. */
export const evaluationSteps = (c: Challenge) => c.phases.filter((p) => p.kind === 'evaluation').length;

export interface SizeGroup {
  accountSizeCents: number;
  currency: string;
  challenges: Challenge[];
}
export interface ModelGroup {
  steps: number;
  sizes: SizeGroup[];
}

/**
 * The catalogue as a buyer compares it: by model (one-step, two-step, …; fewest steps first), then
 * by account size (smallest first), the cheaper offer first within a size.
 */
export function groupCatalogue(challenges: Challenge[]): ModelGroup[] {
  const byModel = new Map<number, Challenge[]>();
  for (const c of challenges) {
    const steps = evaluationSteps(c);
    byModel.set(steps, [...(byModel.get(steps) ?? []), c]);
  }
  return [...byModel.entries()]
    .sort(([a], [b]) => a - b)
    .map(([steps, list]) => {
      const bySize = new Map<string, SizeGroup>();
      for (const c of list) {
        const key = `${c.currency}:${c.accountSizeCents}`;
        const group = bySize.get(key) ?? { accountSizeCents: c.accountSizeCents, currency: c.currency, challenges: [] };
        group.challenges.push(c);
        bySize.set(key, group);
      }
      const sizes = [...bySize.values()].sort(
        (a, b) => a.accountSizeCents - b.accountSizeCents || a.currency.localeCompare(b.currency),
      );
      for (const s of sizes) s.challenges.sort((a, b) => a.priceCents - b.priceCents || a.name.localeCompare(b.name));
      return { steps, sizes };
    });
}
