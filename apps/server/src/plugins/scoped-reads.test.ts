import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { registerAccessControl, type Authenticator, type RouteAccess } from './access.ts';
import { registerErrorHandling } from './errors.ts';
import { registerScopedReads, scopedRead } from './scoped-reads.ts';

const MEMBER = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const UNKNOWN = '00000000-0000-4000-8000-000000000009';
const ITEM = '00000000-0000-4000-8000-0000000000aa';

// Two bearer tokens: a member and a SUPPORT user.
const authenticator: Authenticator = {
  async authenticate(token) {
    const role = token === 'support' ? 'SUPPORT' : 'USER';
    return {
      sessionId: 's',
      userId: token === 'support' ? OTHER : MEMBER,
      email: 'x@example.com',
      role,
      status: 'active',
    };
  },
};

const app = Fastify();
let routes: RouteAccess[];
beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  routes = registerAccessControl(app, authenticator);
  registerScopedReads(
    app,
    {
      tags: ['things'],
      staffScope: async (userId) => {
        if (userId === UNKNOWN) throw new AppError('NOT_FOUND', 404, 'user not found');
        return { userId };
      },
    },
    [
      scopedRead({
        path: 'things',
        response: z.object({ owner: z.string() }),
        handler: async (scope) => ({ owner: scope.userId }),
      }),
      scopedRead({
        path: 'things/:id',
        params: z.strictObject({ id: z.uuid('Not a valid id') }),
        querystring: z.strictObject({ n: z.coerce.number().int().default(1) }),
        response: z.object({ owner: z.string(), id: z.string(), n: z.number() }),
        handler: async (scope, { params, query }) => ({ owner: scope.userId, id: params.id, n: query.n }),
      }),
    ],
  );
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, token?: string) =>
  app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('member and staff reads from one definition', () => {
  it('declares each read twice: the member route, then the staff route under the user', () => {
    expect(routes.filter((r) => r.method === 'GET')).toEqual([
      { method: 'GET', url: '/api/things', access: 'member' },
      { method: 'GET', url: '/api/things/:id', access: 'member' },
      { method: 'GET', url: '/api/admin/users/:userId/things', access: 'staff' },
      { method: 'GET', url: '/api/admin/users/:userId/things/:id', access: 'staff' },
    ]);
  });

  it('scopes a member to themselves and staff to the user in the path', async () => {
    expect((await get('/api/things', 'member')).json()).toEqual({ owner: MEMBER });
    expect((await get(`/api/things/${ITEM}?n=3`, 'member')).json()).toEqual({ owner: MEMBER, id: ITEM, n: 3 });
    expect((await get(`/api/admin/users/${MEMBER}/things`, 'support')).json()).toEqual({ owner: MEMBER });
    expect((await get(`/api/admin/users/${MEMBER}/things/${ITEM}`, 'support')).json()).toEqual({
      owner: MEMBER,
      id: ITEM,
      n: 1,
    });
  });

  it('keeps each side its access and validation; the staff scope decides about unknown users', async () => {
    expect((await get('/api/things')).statusCode).toBe(401);
    expect((await get(`/api/admin/users/${MEMBER}/things`, 'member')).statusCode).toBe(403);
    expect((await get(`/api/admin/users/${UNKNOWN}/things`, 'support')).statusCode).toBe(404);
    const bad = await get(`/api/admin/users/nope/things/nope`, 'support');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('userId: Not a valid id');
    expect((await get(`/api/things/${ITEM}?extra=1`, 'member')).statusCode).toBe(400);
  });
});
