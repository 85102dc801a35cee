import { createRequire } from 'node:module';
import type sharp from 'sharp';

const require = createRequire(import.meta.url);

/**
 * A package loaded the first time it is used rather than when the server starts. For the outside
 * services' SDKs and the image library, which the local drivers and most requests never touch:
 * Stripe, Twilio's REST client, nodemailer and sharp took every start 470 ms and 15 MB of heap
 * (about 40 MB of memory with sharp's native library). The type comes from an `import type`.
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
