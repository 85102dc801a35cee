/**
 * The one error type of the platform: an HTTP status, a sentence for people, and the fields at fault.
 * Anything else thrown by a handler is a bug: logged with the request id, answered with a generic 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429,
    message: string,
    readonly fields: string[] = [],
  ) {
    super(message);
  }

  /** Keep what the action wrote so far (a failed sign-in is still counted), then fail. */
  commit = false;
  committing(): this {
    this.commit = true;
    return this;
  }

  static invalid(message: string, fields: string[] = []) {
    return new AppError(400, message, fields);
  }
  static unauthenticated(message = 'Please sign in to continue.') {
    return new AppError(401, message);
  }
  static forbidden(message = 'You do not have permission to do that.') {
    return new AppError(403, message);
  }
  static notFound(message: string) {
    return new AppError(404, message);
  }
  static conflict(message: string, fields: string[] = []) {
    return new AppError(409, message, fields);
  }
}

/** For exhaustive switches: a new case of a union cannot be forgotten. */
export function assertUnreachable(value: never): never {
  throw new Error(`Unhandled case: ${String(value)}`);
}
