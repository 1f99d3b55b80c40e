import { z } from 'zod';
import { listQueryShape } from './lists.ts';
import { boundedDateTime, safeText } from './text.ts';

/**
 * The audit log: every staff write, who made it, on what, and the record before and after. Staff
 * read it (SUPPORT included); nobody writes it through the API.
 */
export const AUDIT_SORTS = ['createdAt'] as const;

/** Counting stops here: on a log of millions, "10,000+" says enough and keeps the page fast. */
export const AUDIT_COUNT_CAP = 10_000;

const filterText = safeText()
  .trim()
  .max(100)
  .transform((s) => (s === '' ? undefined : s))
  .optional();

/** GET /api/admin/audit-log */
export const auditListQuerySchema = z.strictObject({
  ...listQueryShape(AUDIT_SORTS, { sort: 'createdAt', order: 'desc' }),
  actorId: z.uuid('Not a valid id').optional(),
  action: filterText,
  targetType: filterText,
  targetId: filterText,
  /** Made at or after / before (exclusive). */
  from: boundedDateTime().optional(),
  to: boundedDateTime().optional(),
});
export type AuditListQuery = z.input<typeof auditListQuerySchema>;
export type AuditListParams = z.output<typeof auditListQuerySchema>;

export const auditActorSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
});
export type AuditActor = z.infer<typeof auditActorSchema>;

export const auditEntrySchema = z.object({
  id: z.uuid(),
  /** Null: the platform itself, or a staff account since erased. */
  actor: auditActorSchema.nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /**
   * What a person calls the target (a user's email, an order's number, a challenge's name, an
   * account's login), read when the list is; null when it is gone or has no name. An anonymised
   * user is named by the anonymised record only.
   */
  targetLabel: z.string().nullable().optional(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponseSchema = z.object({
  items: z.array(auditEntrySchema),
  /** Rows matching the filters, counted up to AUDIT_COUNT_CAP + 1. */
  total: z.number().int().min(0),
  /** True when there are more than AUDIT_COUNT_CAP: `total` is then a floor. */
  totalCapped: z.boolean(),
  page: z.number().int().min(1),
  pageSize: z.number().int(),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

/** GET /api/admin/audit-log/facets: what the filters can choose from. */
export const auditFacetsSchema = z.object({
  actions: z.array(z.string()),
  targetTypes: z.array(z.string()),
  actors: z.array(auditActorSchema),
});
export type AuditFacets = z.infer<typeof auditFacetsSchema>;
