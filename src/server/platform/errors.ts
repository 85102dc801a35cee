/**
 * The one error type of the platform: an HTTP status, a sentence for people, and the fields at fault.
 * Anything else thrown by a handler is a bug: logged with the request id, answered with a generic 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 502,
    message: string,
    readonly fields: string[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /**
   * Each field's own sentence, when a check found several things wrong (the input's parse); otherwise
   * every field named is at fault for the one sentence of the error.
   */
  fieldErrors?: Record<string, string>;

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
  /**
   * A service we depend on (the phone provider, a mail server) failed or did not answer: not our
   * bug and not the user's mistake, so a 502 with a sentence saying to try again. The provider's
   * own error stays on `cause` for whoever investigates.
   */
  static upstream(message: string, cause?: unknown) {
    return new AppError(502, message, [], { cause });
  }
}

/** For exhaustive switches: a new case of a union cannot be forgotten. */
export function assertUnreachable(value: never): never {
  throw new Error(`Unhandled case: ${String(value)}`);
}
