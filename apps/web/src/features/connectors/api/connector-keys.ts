import type { ConnectorListParams } from '@app/contracts/trading';

/**
 * Every query key of the connectors screen. A mutation invalidates `lists()`, which refetches
 * whichever page, sort and filter is on screen.
 */
export const connectorKeys = {
  all: ['connectors'] as const,
  lists: () => [...connectorKeys.all, 'list'] as const,
  list: (params: ConnectorListParams) => [...connectorKeys.lists(), params] as const,
  keyRotation: () => [...connectorKeys.all, 'key-rotation'] as const,
};
