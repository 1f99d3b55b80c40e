/** One figure a benchmark prints: a ratio against a reference measured in the same run, or a budget. */
export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  /** The target, e.g. '>= 0.5' or '<= 20'. */
  target: string;
  ok: boolean;
  detail?: string;
}

export function printFigures(title: string, figures: BenchFigure[]): void {
  console.log(`\n== ${title}`);
  for (const f of figures) {
    const v = Number.isInteger(f.value) ? String(f.value) : f.value.toFixed(4);
    console.log(
      `${f.ok ? 'PASS' : 'MISS'}  ${f.name}: ${v} ${f.unit} (target ${f.target})${f.detail ? `  — ${f.detail}` : ''}`,
    );
  }
}
