import type { ErrorCode } from '@app/contracts';

/** A failure the client caused or may see: answered as `{ code, message }` with `status`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'resource') => new AppError('NOT_FOUND', 404, `The requested ${what} is not found`);
export const forbidden = (message = 'You do not have access to this resource') =>
  new AppError('FORBIDDEN', 403, message);
