/** The reply every action gives (seed 000, section 3). */
export interface Envelope<T = Record<string, unknown>> {
  success: boolean;
  data: T;
  errors: string[];
}

/** A failed reply's data: the fields at fault, so forms can mark them. */
export interface ErrorData {
  fields?: string[];
  requestId?: string;
}
