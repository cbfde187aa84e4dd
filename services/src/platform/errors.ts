/**
 * Errors a command or route can raise on purpose. The single error handler maps them to JSON
 * `{ message, issues? }` with their status; anything else is a 500 with the details hidden.
 */
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
export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
/** A business rule refused the command, or another writer got there first. */
export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
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
