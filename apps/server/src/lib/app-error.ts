import { ACCOUNT_MESSAGES, type ErrorCode } from '@app/contracts';

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

  /** Field-level details (path → message), answered as `fields` like a validation error's. */
  fields?: Record<string, string>;
}

/** A refusal about one field of the request: the message starts with the field's name, `fields` names it. */
export function fieldError(code: ErrorCode, status: number, field: string, message: string): AppError {
  const err = new AppError(code, status, `${field}: ${message}`);
  err.fields = { [field]: message };
  return err;
}

/** A change the signed-in person asked for (password, email, two-factor off), refused on `currentPassword`. */
export function wrongCurrentPassword(): AppError {
  const err = new AppError('INVALID_CREDENTIALS', 400, ACCOUNT_MESSAGES.currentPasswordIncorrect);
  err.fields = { currentPassword: ACCOUNT_MESSAGES.currentPasswordIncorrect };
  return err;
}

export const notFound = (what = 'resource') => new AppError('NOT_FOUND', 404, `The requested ${what} is not found`);
export const forbidden = (message = 'You do not have access to this resource') =>
  new AppError('FORBIDDEN', 403, message);
