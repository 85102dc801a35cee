/** Formatting shared by server-rendered html and the React screens (seed 000, section 9). */

const thousands = new Intl.NumberFormat('en-US');

/** 1234567 -> "1,234,567". */
export function formatNumber(value: number): string {
  return thousands.format(value);
}

/** YYYY-MM-DD of a date (local to the caller), the date format of every picker and list. */
export function formatDate(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function formatDateTime(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** (505) 555-0100 for a US number in E.164 or ten digits; anything else unchanged. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const digits = value.replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (ten.length !== 10) return value;
  return `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}`;
}

const idAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An 11-character random id, for elements that need one. */
export function randomId(length = 11): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => idAlphabet[b % idAlphabet.length]).join('');
}

/** Text counters for fields: characters, words and lines. */
export function countText(text: string): { characters: number; words: number; lines: number } {
  const trimmed = text.trim();
  return {
    characters: text.length,
    words: trimmed === '' ? 0 : trimmed.split(/\s+/).length,
    lines: text === '' ? 0 : text.split(/\r\n|\r|\n/).length,
  };
}

/** The last `days` days, today included, as YYYY-MM-DD on the user's calendar. */
export function lastDays(days: number, today = new Date()): { from: string; to: string } {
  const from = new Date(today);
  from.setDate(from.getDate() - (days - 1));
  return { from: formatDate(from), to: formatDate(today) };
}
