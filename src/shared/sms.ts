/**
 * How many SMS segments a text takes, as the carriers count them (3GPP TS 23.038): a text written
 * only in the GSM-7 alphabet goes as 7-bit septets, 160 to a single message; anything else (an
 * emoji, "ł", curly quotes) makes the whole text UCS-2, 70 UTF-16 code units to a single message. A
 * longer text is split into segments that each give up room for the header that joins them again:
 * 153 septets or 67 code units. A character is never cut in two across segments: an extension
 * character (two septets) or an emoji (a surrogate pair) that does not fit starts the next one.
 */

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsCount {
  encoding: SmsEncoding;
  /** Characters as people count them (an emoji is one). */
  characters: number;
  /** What the carrier counts: septets for GSM-7, UTF-16 code units for UCS-2. */
  units: number;
  /** Segments the text is sent as; 0 for an empty text. */
  segments: number;
  /** Units one segment holds: 160 or 153 for GSM-7, 70 or 67 for UCS-2. */
  perSegment: number;
}

/** The GSM 03.38 basic character set: one septet each. */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** The extension table: an escape septet and the character, two septets each. */
const GSM_EXTENSION = new Set('^{}\\[~]|€\f');

const LIMITS: Record<SmsEncoding, { single: number; multi: number }> = {
  'GSM-7': { single: 160, multi: 153 },
  'UCS-2': { single: 70, multi: 67 },
};

/** Counts a text's characters and segments, and the encoding it goes out in. */
export function smsSegments(text: string): SmsCount {
  const characters = Array.from(text);
  const gsm = characters.every((c) => GSM_BASIC.has(c) || GSM_EXTENSION.has(c));
  const encoding: SmsEncoding = gsm ? 'GSM-7' : 'UCS-2';
  // Septets of a GSM-7 character; UTF-16 code units of any other (2 for a surrogate pair).
  const sizes = characters.map((c) => (gsm ? (GSM_EXTENSION.has(c) ? 2 : 1) : c.length));
  const units = sizes.reduce((sum, size) => sum + size, 0);
  const { single, multi } = LIMITS[encoding];
  if (units === 0) return { encoding, characters: 0, units: 0, segments: 0, perSegment: single };
  if (units <= single) return { encoding, characters: characters.length, units, segments: 1, perSegment: single };
  // Filled in order, a character that would straddle two segments going whole into the next.
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > multi) {
      segments++;
      used = 0;
    }
    used += size;
  }
  return { encoding, characters: characters.length, units, segments, perSegment: multi };
}

/** "42 characters · 1 segment", as the reply boxes show it. */
export function smsSummary(count: SmsCount): string {
  const characters = `${count.characters.toLocaleString('en-US')} ${count.characters === 1 ? 'character' : 'characters'}`;
  const segments = `${count.segments.toLocaleString('en-US')} ${count.segments === 1 ? 'segment' : 'segments'}`;
  return `${characters} · ${segments}${count.encoding === 'UCS-2' && count.units > 0 ? ' · Unicode' : ''}`;
}
