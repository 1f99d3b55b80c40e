import { userParamsSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { requirePrincipal } from './access.ts';
import { errorResponses } from './responses.ts';

/** Whose objects a read serves: a member's own, or, for staff, the user named in the path. */
export interface Scope {
  userId: string;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

/**
 * One read, served twice: to members at `/api/<path>` for their own objects (access `member`), and
 * to staff at `/api/admin/users/:userId/<path>` for that user's (access `staff`, SUPPORT included).
 * The handler only sees the scope, so the two can never answer differently.
 */
export interface ScopedRead<
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
> {
  /** The path after the prefix, e.g. `accounts/:id/trades`. */
  path: string;
  /** The member route's path parameters; the staff route's are `userId` and these. */
  params?: P;
  querystring?: Q;
  /** The 200 answer (the usual error answers are added). */
  response: R;
  handler(scope: Scope, input: { params: Parsed<P>; query: Parsed<Q> }): Promise<z.output<R>>;
}

/** Types one read (its schemas type the handler); the list goes to `registerScopedReads`. */
export const scopedRead = <
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(
  read: ScopedRead<P, Q, R>,
): ScopedRead<P, Q, R> => read;

export interface ScopedReadOptions {
  tags: string[];
  /** The staff scope for a user id from the path, e.g. 404 when the module requires the user to exist. */
  staffScope(userId: string): Promise<Scope>;
}

/** Registers every member route, then every staff route, in the order given. */
export function registerScopedReads(
  app: FastifyInstance,
  options: ScopedReadOptions,
  reads: ReadonlyArray<ScopedRead<z.ZodObject | undefined, z.ZodType | undefined>>,
): void {
  const { tags } = options;
  for (const read of reads) {
    app.get(`/api/${read.path}`, {
      config: { access: 'member' },
      schema: {
        tags,
        ...(read.params ? { params: read.params } : {}),
        ...(read.querystring ? { querystring: read.querystring } : {}),
        response: { 200: read.response, ...errorResponses },
      },
      handler: (req) =>
        read.handler(
          { userId: requirePrincipal(req).userId },
          { params: req.params as Parsed<z.ZodObject>, query: req.query as Parsed<z.ZodType> },
        ),
    });
  }
  for (const read of reads) {
    app.get(`/api/admin/users/:userId/${read.path}`, {
      config: { access: 'staff' },
      schema: {
        tags,
        params: read.params ? userParamsSchema.extend(read.params.shape) : userParamsSchema,
        ...(read.querystring ? { querystring: read.querystring } : {}),
        response: { 200: read.response, ...errorResponses },
      },
      handler: async (req) => {
        const params = req.params as z.output<typeof userParamsSchema>;
        return read.handler(await options.staffScope(params.userId), { params, query: req.query as Parsed<z.ZodType> });
      },
    });
  }
}
