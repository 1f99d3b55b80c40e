import { z } from 'zod';
import { listQueryShape, pageOf, searchParam } from './lists.ts';
import { safeText } from './text.ts';

// Connectors (admin): the bridges that post trading events.

export const createConnectorRequestSchema = z.strictObject({ name: safeText().trim().min(1).max(100) });
export const connectorSchema = z.object({
  id: z.string(),
  name: z.string(),
  keyPrefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** The last key rotation, if any. */
  rotatedAt: z.string().nullable(),
  /** Until when the key replaced by the last rotation still works (may be past); null: no old key. */
  previousKeyExpiresAt: z.string().nullable(),
});
/** The key is shown once, here; only its SHA-256 is stored. */
export const createConnectorResponseSchema = connectorSchema.extend({ key: z.string() });
/** The longest grace an old key may keep working after a rotation: 7 days. */
export const MAX_CONNECTOR_KEY_GRACE_MINUTES = 7 * 24 * 60;
/** POST /api/admin/connectors/{id}/rotate: without `graceMinutes`, the server's configured grace. */
export const rotateConnectorRequestSchema = z.strictObject({
  graceMinutes: z.int().min(0).max(MAX_CONNECTOR_KEY_GRACE_MINUTES).optional(),
});
/** The new key is shown once, here; the old one keeps working until `previousKeyExpiresAt`. */
export const rotateConnectorResponseSchema = createConnectorResponseSchema;
/** GET /api/admin/connectors/key-rotation: the grace a rotation gives when none is asked for. */
export const connectorKeyRotationSchema = z.object({ graceMinutes: z.int().min(0) });
export const CONNECTOR_SORTS = ['name', 'createdAt', 'lastUsedAt'] as const;
export const CONNECTOR_STATUSES = ['active', 'revoked'] as const;
/** GET /api/admin/connectors: `q` matches the name or the key prefix. */
export const connectorListQuerySchema = z.strictObject({
  ...listQueryShape(CONNECTOR_SORTS, { sort: 'createdAt', order: 'desc' }),
  q: searchParam,
  status: z.enum(CONNECTOR_STATUSES).optional(),
});
export type ConnectorListQuery = z.input<typeof connectorListQuerySchema>;
export type ConnectorListParams = z.output<typeof connectorListQuerySchema>;
export const connectorListResponseSchema = pageOf(connectorSchema);
export type Connector = z.infer<typeof connectorSchema>;
export const connectorResponseSchema = z.object({ connector: connectorSchema });
