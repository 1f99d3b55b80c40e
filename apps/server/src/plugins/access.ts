import { ACCOUNT_MESSAGES, type Role, type UserStatus } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** Who is calling: the signed-in user behind a bearer session. */
export interface Principal {
  sessionId: string;
  userId: string;
  email: string;
  role: Role;
  status: UserStatus;
  /** Two-factor sign-in is on for this user (absent where unknown: treated as off). */
  mfaEnabled?: boolean;
}

/**
 * Resolves a bearer token to its principal, or throws a 401/403 AppError saying why not. The
 * sessions module's SessionService is the one the app uses.
 */
export interface Authenticator {
  authenticate(token: string): Promise<Principal>;
}

/**
 * Who may call a route. Every route declares one in `config.access`; the server refuses to start
 * otherwise. public: anyone · member: any signed-in user · staff: any role but USER (SUPPORT
 * included, so staff routes only read) · admin: ADMIN only (every staff write).
 */
export type Access = 'public' | 'member' | 'staff' | 'admin' | 'connector';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** Routes added by third-party plugins (API docs) that are public by nature. */
const PLUGIN_PUBLIC_PREFIXES = ['/api/docs'];

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHORIZED', 401, 'Authentication required');
  return request.principal;
}

/** Registers the access check; returns the route table for the startup test. */
export function registerAccessControl(
  app: FastifyInstance,
  authenticator: Authenticator,
  opts: { staffMfaRequired?: boolean } = {},
): RouteAccess[] {
  const table: RouteAccess[] = [];
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    let access = route.config?.access;
    if (!access && PLUGIN_PUBLIC_PREFIXES.some((p) => route.url.startsWith(p))) {
      access = 'public';
      route.config = { ...route.config, access };
    }
    if (!access) {
      throw new Error(`Route ${methods.join(',')} ${route.url} declares no access (config.access)`);
    }
    for (const method of methods) table.push({ method, url: route.url, access });
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    // Connector routes authenticate with their own API keys in their module.
    if (access === 'public' || access === 'connector' || access === undefined) return;
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHORIZED', 401, 'Authentication required');
    const principal = await authenticator.authenticate(token);
    request.principal = principal;
    if (access === 'staff' && principal.role === 'USER') throw forbiddenForRole();
    if (access === 'admin' && principal.role !== 'ADMIN') throw forbiddenForRole();
    // Staff without two-factor sign-in reach their own profile (member routes) to enrol, nothing else.
    if ((access === 'staff' || access === 'admin') && opts.staffMfaRequired && !principal.mfaEnabled) {
      throw new AppError('MFA_ENROLMENT_REQUIRED', 403, ACCOUNT_MESSAGES.mfaEnrolmentRequired);
    }
  });

  return table;
}

const forbiddenForRole = () => new AppError('FORBIDDEN', 403, 'You do not have access to this resource');
