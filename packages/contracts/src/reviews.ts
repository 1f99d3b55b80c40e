// Verdict reviews (staff): late data made a recompute disagree with an account's stored verdict.
import { z } from 'zod';
import { listQueryShape, pageOf } from './lists.ts';
import { safeText } from './text.ts';
import { ACCOUNT_STATUSES, breachReportSchema } from './trading.ts';

export const VERDICT_REVIEW_STATUSES = ['open', 'kept', 'applied', 'superseded'] as const;
export type VerdictReviewStatus = (typeof VERDICT_REVIEW_STATUSES)[number];
export const VERDICT_REVIEW_ACTIONS = ['keep', 'apply'] as const;

export const verdictSchema = z.object({
  status: z.enum(ACCOUNT_STATUSES),
  breach: breachReportSchema.nullable(),
  passedAt: z.string().nullable(),
});

export const verdictReviewSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  accountLogin: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  challengeName: z.string(),
  status: z.enum(VERDICT_REVIEW_STATUSES),
  storedVerdict: verdictSchema,
  recomputedVerdict: verdictSchema,
  reason: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VerdictReview = z.infer<typeof verdictReviewSchema>;

export const VERDICT_REVIEW_SORTS = ['createdAt', 'updatedAt'] as const;
/** GET /api/admin/verdict-reviews: open ones by default, oldest first. */
export const verdictReviewListQuerySchema = z.strictObject({
  ...listQueryShape(VERDICT_REVIEW_SORTS, { sort: 'createdAt', order: 'asc' }),
  status: z.enum(VERDICT_REVIEW_STATUSES).default('open'),
  accountId: z.uuid('Not a valid id').optional(),
});
export type VerdictReviewListParams = z.output<typeof verdictReviewListQuerySchema>;
export const verdictReviewListResponseSchema = pageOf(verdictReviewSchema);

export const verdictReviewIdParamsSchema = z.object({ id: z.uuid('Not a valid id') });
/** keep: the stored verdict stands; apply: the account takes the verdict recomputed from its full history now. */
export const resolveVerdictReviewRequestSchema = z.strictObject({
  action: z.enum(VERDICT_REVIEW_ACTIONS),
  reason: safeText().trim().min(3, 'Give a reason of at least 3 characters').max(500),
});
export const verdictReviewResponseSchema = z.object({ review: verdictReviewSchema });
