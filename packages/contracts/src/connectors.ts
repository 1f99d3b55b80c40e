import { z } from 'zod';
import { listQueryShape, pageOf, searchParam } from './lists.ts';

// Connectors (admin): the bridges that post trading events.

export const createConnectorRequestSchema = z.strictObject({ name: z.string().trim().min(1).max(100) });
export const connectorSchema = z.object({
  id: z.string(),
  name: z.string(),
  keyPrefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
/** The key is shown once, here; only its SHA-256 is stored. */
export const createConnectorResponseSchema = connectorSchema.extend({ key: z.string() });
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
