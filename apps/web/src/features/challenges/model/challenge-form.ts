import {
  createChallengeRequestSchema,
  CURRENCY_DECIMALS_RULE,
  DAILY_ABOVE_MAX_RULE,
  type Challenge,
  type CreateChallengeRequest,
  type DRAWDOWN_TYPES,
  type DAILY_LOSS_BASES,
  type PHASE_KINDS,
  WHOLE_UNITS_RULE,
} from '@app/contracts/challenges';
import type { MessageId } from '../../../i18n/messages';

/** A number field as typed: empty until the person enters something. */
export type NumberField = number | '';

/**
 * One phase as the editor holds it: percentages in percent (12.5), money in currency units
 * (250.00), as a person types them; the request carries basis points and cents.
 */
export interface PhaseForm {
  /** Stable identity for React while phases are added, removed and moved. */
  key: string;
  kind: (typeof PHASE_KINDS)[number];
  profitTarget: NumberField;
  maxDailyLoss: NumberField;
  maxLoss: NumberField;
  drawdownType: (typeof DRAWDOWN_TYPES)[number];
  dailyLossBase: (typeof DAILY_LOSS_BASES)[number];
  minTradingDays: NumberField;
  maxDays: NumberField;
  profitSplit: NumberField;
  minPayout: NumberField;
  payoutIntervalDays: NumberField;
  /** Funded phases: the restricted-news rule (off by default) and its window in minutes. */
  restrictedNews: boolean;
  newsMinutesBefore: NumberField;
  newsMinutesAfter: NumberField;
}

export interface ChallengeForm {
  name: string;
  slug: string;
  description: string;
  accountSize: NumberField;
  currency: string;
  price: NumberField;
  status: Challenge['status'];
  platform: string;
  leverage: NumberField;
  phases: PhaseForm[];
}

export type PhaseField = Exclude<keyof PhaseForm, 'key' | 'kind' | 'restrictedNews'>;
export type ChallengeField = Exclude<keyof ChallengeForm, 'phases'>;
/** `name`, `price`, … or `phases.1.maxLoss`. */
export type FieldPath = ChallengeField | `phases.${number}.${PhaseField | 'kind'}`;

export interface FieldError {
  id: MessageId;
  values?: Record<string, string | number>;
}
export type FormErrors = Partial<Record<FieldPath, FieldError>>;

let nextKey = 0;
const newKey = () => `phase-${++nextKey}`;

export function newEvaluationPhase(): PhaseForm {
  return {
    key: newKey(),
    kind: 'evaluation',
    profitTarget: 8,
    maxDailyLoss: 5,
    maxLoss: 10,
    drawdownType: 'static',
    dailyLossBase: 'balance',
    minTradingDays: 4,
    maxDays: '',
    profitSplit: '',
    minPayout: '',
    payoutIntervalDays: '',
    restrictedNews: false,
    newsMinutesBefore: 2,
    newsMinutesAfter: 2,
  };
}

export function newFundedPhase(): PhaseForm {
  return {
    ...newEvaluationPhase(),
    kind: 'funded',
    profitTarget: '',
    minTradingDays: 0,
    profitSplit: 80,
    minPayout: 100,
    payoutIntervalDays: 14,
  };
}

/** A new challenge: the shape most firms sell (two evaluation phases, then funded). */
export function emptyChallengeForm(): ChallengeForm {
  const phase2 = { ...newEvaluationPhase(), key: newKey(), profitTarget: 5 };
  return {
    name: '',
    slug: '',
    description: '',
    accountSize: 100_000,
    currency: 'USD',
    price: '',
    status: 'active',
    platform: 'demo',
    leverage: 100,
    phases: [newEvaluationPhase(), phase2, newFundedPhase()],
  };
}

const fromBps = (bps: number | null): NumberField => (bps === null ? '' : bps / 100);
const fromCents = (cents: number | null): NumberField => (cents === null ? '' : cents / 100);
const orEmpty = (n: number | null): NumberField => (n === null ? '' : n);

export function challengeToForm(c: Challenge): ChallengeForm {
  return {
    name: c.name,
    slug: c.slug,
    description: c.description,
    accountSize: fromCents(c.accountSizeCents),
    currency: c.currency,
    price: fromCents(c.priceCents),
    status: c.status,
    platform: c.platform,
    leverage: c.leverage,
    phases: c.phases.map((p) => ({
      key: newKey(),
      kind: p.kind,
      profitTarget: fromBps(p.profitTargetBps),
      maxDailyLoss: fromBps(p.maxDailyLossBps),
      maxLoss: fromBps(p.maxLossBps),
      drawdownType: p.drawdownType,
      dailyLossBase: p.dailyLossBase,
      minTradingDays: p.minTradingDays,
      maxDays: orEmpty(p.maxDays),
      profitSplit: fromBps(p.profitSplitBps),
      minPayout: fromCents(p.minPayoutCents),
      payoutIntervalDays: orEmpty(p.payoutIntervalDays),
      restrictedNews: Boolean(p.restrictedNews),
      newsMinutesBefore: p.restrictedNews?.minutesBefore ?? 2,
      newsMinutesAfter: p.restrictedNews?.minutesAfter ?? 2,
    })),
  };
}

/** Typed units to the API's integers; an empty field stays empty (null) for the schema to judge. */
const toInt = (v: NumberField, scale: number): number | null => (v === '' ? null : Math.round(v * scale));

export function formToRequest(form: ChallengeForm): CreateChallengeRequest {
  return {
    name: form.name,
    slug: form.slug,
    description: form.description,
    accountSizeCents: toInt(form.accountSize, 100) as number,
    currency: form.currency,
    priceCents: toInt(form.price, 100) as number,
    status: form.status,
    platform: form.platform,
    leverage: toInt(form.leverage, 1) as number,
    phases: form.phases.map((p) => {
      const evaluation = p.kind === 'evaluation';
      return {
        kind: p.kind,
        profitTargetBps: evaluation ? toInt(p.profitTarget, 100) : null,
        maxDailyLossBps: toInt(p.maxDailyLoss, 100) as number,
        maxLossBps: toInt(p.maxLoss, 100) as number,
        drawdownType: p.drawdownType,
        dailyLossBase: p.dailyLossBase,
        minTradingDays: evaluation ? ((toInt(p.minTradingDays, 1) ?? 0) as number) : 0,
        maxDays: evaluation ? toInt(p.maxDays, 1) : null,
        profitSplitBps: evaluation ? null : toInt(p.profitSplit, 100),
        minPayoutCents: evaluation ? null : toInt(p.minPayout, 100),
        payoutIntervalDays: evaluation ? null : toInt(p.payoutIntervalDays, 1),
        restrictedNews:
          evaluation || !p.restrictedNews
            ? null
            : { minutesBefore: toInt(p.newsMinutesBefore, 1) ?? 0, minutesAfter: toInt(p.newsMinutesAfter, 1) ?? 0 },
      };
    }),
  };
}

/** The request's field names back to the form's, and the unit a bound is shown in. */
const TOP_FIELDS: Record<string, { field: ChallengeField; scale: number }> = {
  name: { field: 'name', scale: 1 },
  slug: { field: 'slug', scale: 1 },
  description: { field: 'description', scale: 1 },
  accountSizeCents: { field: 'accountSize', scale: 100 },
  currency: { field: 'currency', scale: 1 },
  priceCents: { field: 'price', scale: 100 },
  status: { field: 'status', scale: 1 },
  platform: { field: 'platform', scale: 1 },
  leverage: { field: 'leverage', scale: 1 },
};
const PHASE_FIELDS: Record<string, { field: PhaseField | 'kind'; scale: number }> = {
  kind: { field: 'kind', scale: 1 },
  profitTargetBps: { field: 'profitTarget', scale: 100 },
  maxDailyLossBps: { field: 'maxDailyLoss', scale: 100 },
  maxLossBps: { field: 'maxLoss', scale: 100 },
  drawdownType: { field: 'drawdownType', scale: 1 },
  dailyLossBase: { field: 'dailyLossBase', scale: 1 },
  minTradingDays: { field: 'minTradingDays', scale: 1 },
  maxDays: { field: 'maxDays', scale: 1 },
  profitSplitBps: { field: 'profitSplit', scale: 100 },
  minPayoutCents: { field: 'minPayout', scale: 100 },
  payoutIntervalDays: { field: 'payoutIntervalDays', scale: 1 },
};

interface Issue {
  code: string;
  path: PropertyKey[];
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  expected?: string;
  params?: { rule?: string };
}

function locate(path: PropertyKey[]): { path: FieldPath; scale: number } | undefined {
  const [head, index, field] = path;
  if (head === 'phases' && typeof index === 'number' && typeof field === 'string') {
    const f = PHASE_FIELDS[field];
    return f && { path: `phases.${index}.${f.field}`, scale: f.scale };
  }
  const f = typeof head === 'string' ? TOP_FIELDS[head] : undefined;
  return f && { path: f.field, scale: f.scale };
}

function messageOf(issue: Issue, scale: number, value: unknown): FieldError {
  if (value === null || value === undefined || value === '') return { id: 'CHALLENGES.FORM.ERROR.REQUIRED' };
  const field = issue.path[issue.path.length - 1];
  if (issue.code === 'too_small' && typeof issue.minimum === 'number' && typeof value === 'number')
    return { id: 'CHALLENGES.FORM.ERROR.MIN', values: { min: issue.minimum / scale } };
  if (issue.code === 'too_big' && typeof issue.maximum === 'number' && typeof value === 'number')
    return { id: 'CHALLENGES.FORM.ERROR.MAX', values: { max: issue.maximum / scale } };
  if (issue.code === 'too_small' && typeof issue.minimum === 'number' && typeof value === 'string')
    return { id: 'CHALLENGES.FORM.ERROR.MIN_LENGTH', values: { min: issue.minimum } };
  if (issue.code === 'too_small') return { id: 'CHALLENGES.FORM.ERROR.REQUIRED' };
  if (issue.code === 'too_big') return { id: 'CHALLENGES.FORM.ERROR.TOO_LONG' };
  if (issue.params?.rule === DAILY_ABOVE_MAX_RULE) return { id: 'CHALLENGES.FORM.ERROR.DAILY_ABOVE_MAX' };
  if (issue.params?.rule === CURRENCY_DECIMALS_RULE) return { id: 'CHALLENGES.FORM.ERROR.CURRENCY_DECIMALS' };
  if (issue.params?.rule === WHOLE_UNITS_RULE) return { id: 'CHALLENGES.FORM.ERROR.WHOLE_UNITS' };
  if (field === 'slug') return { id: 'CHALLENGES.FORM.ERROR.SLUG' };
  if (field === 'currency') return { id: 'CHALLENGES.FORM.ERROR.CURRENCY' };
  if (issue.code === 'invalid_type' && issue.expected === 'int') return { id: 'CHALLENGES.FORM.ERROR.WHOLE' };
  return { id: 'CHALLENGES.FORM.ERROR.INVALID' };
}

/** The value at a request path, to tell an empty field from a wrong one. */
function valueAt(request: unknown, path: PropertyKey[]): unknown {
  let v: unknown = request;
  for (const key of path) v = v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined;
  return v;
}

/**
 * Checks the form with the very schema the server applies, so what passes here passes there;
 * each problem is put on the field a person typed it in, in the person's units.
 */
export function checkChallengeForm(
  form: ChallengeForm,
): { ok: true; request: CreateChallengeRequest } | { ok: false; errors: FormErrors } {
  const request = formToRequest(form);
  const parsed = createChallengeRequestSchema.safeParse(request);
  if (parsed.success) return { ok: true, request };
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues as Issue[]) {
    const at = locate(issue.path);
    if (!at || errors[at.path]) continue;
    errors[at.path] = messageOf(issue, at.scale, valueAt(request, issue.path));
  }
  return { ok: false, errors };
}

/** A slug from a name: "100K Two-Step" → "100k-two-step". */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** Moves the evaluation phase at `from` by one place; the funded phase stays last. */
export function movePhase(phases: PhaseForm[], from: number, by: -1 | 1): PhaseForm[] {
  const to = from + by;
  if (to < 0 || to >= phases.length || phases[to]?.kind === 'funded' || phases[from]?.kind === 'funded') return phases;
  const next = [...phases];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** Adds an evaluation phase just before the funded one (at most five phases in all). */
export function addEvaluationPhase(phases: PhaseForm[]): PhaseForm[] {
  if (phases.length >= 5) return phases;
  const fundedAt = phases.findIndex((p) => p.kind === 'funded');
  const at = fundedAt === -1 ? phases.length : fundedAt;
  return [...phases.slice(0, at), newEvaluationPhase(), ...phases.slice(at)];
}

/** Removes an evaluation phase; one always remains, and the funded phase cannot be removed. */
export function removePhase(phases: PhaseForm[], index: number): PhaseForm[] {
  const evaluations = phases.filter((p) => p.kind === 'evaluation').length;
  if (phases[index]?.kind !== 'evaluation' || evaluations <= 1) return phases;
  return phases.filter((_, i) => i !== index);
}

/** The phases as the catalogue will print them, from whatever is typed so far (blanks read 0). */
export function previewPhases(form: ChallengeForm): Challenge['phases'] {
  return formToRequest(form).phases.map((p, index) => ({
    index,
    kind: p.kind,
    profitTargetBps: p.profitTargetBps ?? (p.kind === 'evaluation' ? 0 : null),
    maxDailyLossBps: p.maxDailyLossBps ?? 0,
    maxLossBps: p.maxLossBps ?? 0,
    drawdownType: p.drawdownType ?? 'static',
    dailyLossBase: p.dailyLossBase ?? 'balance',
    minTradingDays: p.minTradingDays ?? 0,
    maxDays: p.maxDays ?? null,
    profitSplitBps: p.profitSplitBps ?? null,
    minPayoutCents: p.minPayoutCents ?? null,
    payoutIntervalDays: p.payoutIntervalDays ?? null,
    restrictedNews: p.restrictedNews
      ? { minutesBefore: p.restrictedNews.minutesBefore ?? 2, minutesAfter: p.restrictedNews.minutesAfter ?? 2 }
      : null,
  }));
}
