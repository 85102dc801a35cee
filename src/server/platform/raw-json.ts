/**
 * JSON text that goes into a reply as it is. A list's rows arrive from PostgreSQL already as JSON;
 * parsing them only to serialise them again would double the server's work on the busiest calls.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Whether any top-level value of an object is RawJson. */
export function hasRaw(value: Record<string, unknown>): boolean {
  for (const key in value) if (value[key] instanceof RawJson) return true;
  return false;
}

/**
 * `JSON.stringify` of an object whose top-level values may be RawJson, which are spliced in unparsed
 * (first, then the other values as one `JSON.stringify` of the rest).
 */
export function stringifyWithRaw(value: Record<string, unknown>): string {
  let raw = '';
  const rest: Record<string, unknown> = {};
  for (const key in value) {
    const item = value[key];
    if (item instanceof RawJson) raw += `${JSON.stringify(key)}:${item.text},`;
    else rest[key] = item;
  }
  const others = JSON.stringify(rest);
  return others === '{}' ? `{${raw.slice(0, -1)}}` : `{${raw}${others.slice(1)}`;
}
