/** One figure a benchmark prints: a ratio against a reference measured in the same run, or a budget. */
export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  /** The target, e.g. '>= 0.5' or '<= 20'; none for a figure printed to explain another. */
  target?: string;
  ok?: boolean;
  detail?: string;
}

export function printFigures(title: string, figures: BenchFigure[]): void {
  console.log(`\n== ${title}`);
  for (const f of figures) {
    const v = Number.isInteger(f.value) ? String(f.value) : f.value.toFixed(4);
    const verdict = f.target === undefined ? 'INFO' : f.ok ? 'PASS' : 'MISS';
    const target = f.target === undefined ? '' : ` (target ${f.target})`;
    console.log(`${verdict}  ${f.name}: ${v} ${f.unit}${target}${f.detail ? `  — ${f.detail}` : ''}`);
  }
}
