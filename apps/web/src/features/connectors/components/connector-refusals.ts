import type { MessageId } from '../../../i18n/messages';

/**
 * The text for a rotation or revocation the server refused because the connector changed
 * meanwhile (revoked, or gone); null for anything else (the dialog's generic text then).
 */
export function connectorRefusalOf(error: unknown): MessageId | null {
  const code = (error as { code?: string } | undefined)?.code;
  if (code === 'NOT_FOUND') return 'CONNECTORS.ERROR.GONE';
  // The one conflict a connector write meets: rotating a key of a revoked connector.
  if (code === 'CONFLICT') return 'CONNECTORS.ERROR.REVOKED';
  return null;
}
