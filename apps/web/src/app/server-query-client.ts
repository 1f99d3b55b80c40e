import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react';

/**
 * A render on the server (app/first-paint) gives the query layer a client of its own, holding the
 * one visitor's data: the layer's module-wide client would be shared by every visitor the server
 * renders for.
 */
export const ServerQueryClient = createContext<QueryClient | null>(null);
