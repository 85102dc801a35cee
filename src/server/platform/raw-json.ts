/**
 * JSON text that goes into a reply as it is. A list's rows arrive from PostgreSQL already as JSON;
 * parsing them only to serialise them again would double the server's work on the busiest calls.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** `JSON.stringify` of an object whose top-level values may be RawJson, which are spliced in unparsed. */
export function stringifyWithRaw(value: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    parts.push(`${JSON.stringify(key)}:${item instanceof RawJson ? item.text : JSON.stringify(item)}`);
  }
  return `{${parts.join(',')}}`;
}
