/** The reply every action gives (seed 000, section 3). */
export interface Envelope<T = Record<string, unknown>> {
  success: boolean;
  data: T;
  errors: string[];
}

/**
 * A failed reply's data: the fields at fault (`fields`, kept for callers of the old API) and each
 * one's sentence (`fieldErrors`), so a form puts every error at its field.
 */
export interface ErrorData {
  fields?: string[];
  fieldErrors?: Record<string, string>;
  requestId?: string;
}
