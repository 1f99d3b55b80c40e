/**
 * Money typed by a person, in their language's marks ("6,000.50" / "6.000,50" / "6000,5"), as
 * integer cents; null when it is not an amount. A lone "." or "," with one or two digits after it
 * is a decimal mark whichever the language ("1500.5" in German is 1,500.50, not 15,005).
 */
export function parseAmountCents(text: string, marks: { group: string; decimal: string }): number | null {
  const s = text.replace(/[\s\u00a0\u202f']/g, '');
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return null;
  let normal: string;
  if (s.split(marks.decimal).length > 2) return null;
  if (s.includes(marks.decimal)) {
    const at = s.lastIndexOf(marks.decimal);
    normal = `${s.slice(0, at).replace(/[.,]/g, '')}.${s.slice(at + 1)}`;
  } else {
    const m = /^(.*?)[.,](\d{1,2})$/.exec(s);
    const lone = m && (s.match(/[.,]/g) ?? []).length === 1;
    normal = lone ? `${m[1]!.replace(/[.,]/g, '')}.${m[2]}` : s.replace(/[.,]/g, '');
  }
  if (!/^\d+(\.\d+)?$/.test(normal)) return null;
  const cents = Math.round(Number(normal) * 100);
  return Number.isSafeInteger(cents) ? cents : null;
}
