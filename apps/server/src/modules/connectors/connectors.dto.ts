import type { ConnectorRow } from './connectors.repository.ts';

export function toConnectorDto(c: ConnectorRow) {
  return {
    id: c.id,
    name: c.name,
    keyPrefix: c.keyPrefix,
    createdAt: c.createdAt.toISOString(),
    lastUsedAt: c.lastUsedAt?.toISOString() ?? null,
    revokedAt: c.revokedAt?.toISOString() ?? null,
  };
}
