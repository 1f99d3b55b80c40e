import { useMemo } from 'react';
import { useT, type Translate } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { enumValueId, fieldSpec, type FieldSpec } from './audit-fields';

/** A value as it is shown: words, or JSON (`code`) where it has no reading of its own. */
export interface ShownValue {
  text: string;
  code?: boolean;
  empty?: boolean;
}

/** What the record says around the value: its kind, and the currency its money is in. */
export interface ValueContext {
  targetType: string;
  currency?: unknown;
}

type Format = ReturnType<typeof useFormat>;

export const EMPTY = '—';

const json = (v: unknown): ShownValue => {
  try {
    return { text: JSON.stringify(v) ?? String(v), code: true };
  } catch {
    return { text: String(v), code: true };
  }
};

const isCurrency = (c: unknown): c is string => typeof c === 'string' && /^[A-Z]{3}$/.test(c);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The reading of a known field's value, or undefined when the value is not of the field's kind. */
function read(spec: FieldSpec, field: string, v: unknown, ctx: ValueContext, t: Translate, format: Format) {
  switch (spec.kind) {
    case 'boolean':
      return typeof v === 'boolean' ? t(v ? 'AUDIT.VALUE.YES' : 'AUDIT.VALUE.NO') : undefined;
    case 'money':
      if (!isNumber(v)) return undefined;
      // No currency beside it (a payout's figures): the amount alone, in units, not cents.
      return isCurrency(ctx.currency)
        ? format.money(v, ctx.currency)
        : format.number(v / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    case 'bps':
      return isNumber(v) ? format.percentBps(v) : undefined;
    case 'number':
      return isNumber(v) ? format.number(v) : undefined;
    case 'dateTime':
      return typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? format.dateTime(v) : undefined;
    case 'enum': {
      if (typeof v !== 'string') return undefined;
      const id = enumValueId(field, ctx.targetType, v);
      return id ? t(id) : v;
    }
    case 'text':
      return typeof v === 'string' ? v : isNumber(v) ? format.number(v) : undefined;
  }
}

/**
 * Audited fields and values in the reader's words: translated labels, values as a person reads
 * them (Yes/No, money, dates in the display zone with it named). An unknown field keeps its name
 * and its value as compact JSON.
 */
export function useAuditValues() {
  const { t } = useT();
  const format = useFormat();
  return useMemo(() => {
    const label = (field: string) => {
      const spec = fieldSpec(field);
      return spec ? t(spec.label) : field;
    };
    const value = (field: string, v: unknown, ctx: ValueContext): ShownValue => {
      if (v === null || v === undefined) return { text: EMPTY, empty: true };
      const spec = fieldSpec(field);
      const text = spec ? read(spec, field, v, ctx, t, format) : undefined;
      return text === undefined ? json(v) : { text };
    };
    return { label, value };
  }, [t, format]);
}
