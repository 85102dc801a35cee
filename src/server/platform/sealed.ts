import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (an authenticator app's TOTP key) are stored sealed with
 * AES-256-GCM under a key derived from SESSION_SECRET, so a copy of the database alone does not give
 * them away. A value stored before sealing (without the `v1.` prefix) reads as it is.
 */
const PREFIX = 'v1.';

const keys = new Map<string, Buffer>();
function keyFor(sessionSecret: string): Buffer {
  let key = keys.get(sessionSecret);
  if (!key)
    keys.set(sessionSecret, (key = Buffer.from(hkdfSync('sha256', sessionSecret, '', 'forecourt sealed secrets', 32))));
  return key;
}

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

export function seal(sessionSecret: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(sessionSecret), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return PREFIX + [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

/** The text of a sealed value, or null when it was sealed under another SESSION_SECRET. */
export function unseal(sessionSecret: string, stored: string): string | null {
  if (!isSealed(stored)) return stored;
  const [iv, tag, body] = stored
    .slice(PREFIX.length)
    .split('.')
    .map((part) => Buffer.from(part, 'base64url'));
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(sessionSecret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
