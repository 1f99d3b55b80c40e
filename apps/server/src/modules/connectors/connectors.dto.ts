import type { ConnectorRow } from './connectors.repository.ts';

export function toConnectorDto(c: ConnectorRow) {
  return {
    id: c.id,
    name: c.name,
    keyPrefix: c.keyPrefix,
    createdAt: c.createdAt.toISOString(),
    lastUsedAt: c.lastUsedAt?.toISOString() ?? null,
    revokedAt: c.revokedAt?.toISOString() ?? null,
    rotatedAt: c.rotatedAt?.toISOString() ?? null,
    // Never the hashes: only when the old key stops.
    previousKeyExpiresAt: c.previousKeyExpiresAt?.toISOString() ?? null,
  };
}
