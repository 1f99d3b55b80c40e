import { errorBodySchema } from '@app/contracts';

/** The error statuses any route may answer, all as `{ code, message }`. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
  429: errorBodySchema,
  500: errorBodySchema,
  503: errorBodySchema,
} as const;
