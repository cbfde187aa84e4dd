/**
 * HTTP-only refusals: bad input, not signed in, not allowed, too large, wrong type. Refusals of the
 * domain (not found, conflict, closed date, invalid command) are DomainErrors (commands/domain-errors.ts).
 * Errors a route can raise on purpose. The single error handler maps them to JSON
 * `{ message, issues? }` with their status; anything else is a 500 with the details hidden.
 */
/** Whatever was thrown, as an Error (a rejection reason should always be one). */
export function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly issues?: { path: (string | number)[]; message: string }[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends HttpError {
  constructor(message: string, issues?: { path: (string | number)[]; message: string }[]) {
    super(400, message, issues);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message = 'Please sign in') {
    super(401, message);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message = 'You do not have permission to do that') {
    super(403, message);
  }
}
export class PayloadTooLargeError extends HttpError {
  constructor(message: string) {
    super(413, message);
  }
}
export class UnsupportedMediaTypeError extends HttpError {
  constructor(message: string) {
    super(415, message);
  }
}
/** The thing existed, and for this request it never will again (an expired or voided link). */
export class GoneError extends HttpError {
  constructor(message: string) {
    super(410, message);
  }
}
