/**
 * The vehicle library's pictures when no assets host holds them (`ASSETS_BASE_URL` left at
 * `/static`, as on a new machine): each library model's picture is drawn the first time it is asked
 * for (a side view of its body style in a paint of its own, named by year, make and model) and
 * served as a JPEG from `/static/library/<year>-<make>-<model>.jpg`, the path the library names.
 * Only the library's own paths answer; any other is 404.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Services } from '../../server/services';
import { images } from '../../server/platform/when-used';
import { vehicleLibrary } from './inventory.db';

const LOCAL_ASSETS = '/static';
export const PICTURE = { width: 800, height: 500 } as const;
/** Pictures kept drawn: the library's models many times over, and a bound on memory all the same. */
const KEPT = 200;

type BodyStyle = 'sedan' | 'suv' | 'truck';

const TRUCKS = /tacoma|tundra|f-150|maverick|silverado|sierra|ranger|ridgeline|colorado|frontier|gladiator/i;
const SEDANS = /camry|civic|accord|^corolla$|elantra|sonata|k5|malibu|altima|sentra|jetta|impreza|legacy|mustang/i;
const styleOf = (model: string): BodyStyle => (TRUCKS.test(model) ? 'truck' : SEDANS.test(model) ? 'sedan' : 'suv');

/** Each style's body and glass, drawn on the 800 × 500 picture, wheels at `wheels`. */
const SHAPES: Record<BodyStyle, { body: string; glass: string; wheels: [number, number] }> = {
  sedan: {
    body: 'M118 340 L126 298 Q146 276 220 266 L292 216 Q322 200 384 200 L500 200 Q542 202 574 228 L614 262 Q674 270 684 298 L688 340 Z',
    glass: 'M300 262 L336 222 Q352 212 384 212 L490 212 Q524 214 548 236 L574 262 Z',
    wheels: [222, 582],
  },
  suv: {
    body: 'M116 340 L118 276 Q122 252 170 246 L236 188 Q254 176 300 176 L562 176 Q604 178 620 198 L656 244 Q684 250 686 278 L690 340 Z',
    glass: 'M252 244 L300 194 Q310 188 326 188 L556 188 Q584 190 596 206 L628 244 Z',
    wheels: [224, 584],
  },
  truck: {
    body: 'M104 340 L106 262 L404 262 L404 204 Q406 186 432 184 L542 184 Q574 186 594 212 L630 254 Q684 262 690 288 L694 340 Z',
    glass: 'M424 252 L424 210 Q426 198 442 196 L536 196 Q560 198 574 216 L602 252 Z',
    wheels: [212, 596],
  },
};

const PAINTS = ['#b3261e', '#1f4e8c', '#2f6b3a', '#d8d8d4', '#3b3f45', '#8a6d3b', '#5b7fa6', '#9a9fa6'];
/** The same model is always the same paint. */
const paintOf = (name: string) =>
  PAINTS[[...name].reduce((sum, c) => (sum * 31 + c.charCodeAt(0)) >>> 0, 7) % PAINTS.length];

const escape = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The picture of one library model, as a JPEG. */
export function drawPicture(vehicle: { year: number; make: string; model: string }): Promise<Buffer> {
  const name = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  const { body, glass, wheels } = SHAPES[styleOf(vehicle.model)];
  const wheel = (x: number) =>
    `<circle cx="${x}" cy="340" r="48" fill="#1c1f24"/><circle cx="${x}" cy="340" r="22" fill="#a7adb4"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE.width}" height="${PICTURE.height}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#eef3f8"/><stop offset="1" stop-color="#c9d4df"/>
  </linearGradient></defs>
  <rect width="800" height="500" fill="url(#sky)"/>
  <rect y="372" width="800" height="128" fill="#9aa4ae"/>
  <ellipse cx="402" cy="384" rx="330" ry="16" fill="#6f7882"/>
  <path d="${body}" fill="${paintOf(name)}" stroke="#00000033" stroke-width="3"/>
  <path d="${glass}" fill="#2b3a4a" opacity="0.85"/>
  ${wheels.map(wheel).join('')}
  <text x="40" y="72" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="40" font-weight="700" fill="#17212b">${escape(name)}</text>
  <text x="40" y="110" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="22" fill="#44525f">Vehicle library</text>
</svg>`;
  return images()(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

export async function registerLibraryPictures(app: FastifyInstance, services: Services) {
  if (services.config.ASSETS_BASE_URL.replace(/\/$/, '') !== LOCAL_ASSETS) return;
  const drawn = new Map<string, Promise<Buffer>>();
  app.get<{ Params: { name: string } }>(`${LOCAL_ASSETS}/library/:name`, async (request, reply) => {
    const image = `library/${request.params.name}`;
    const [vehicle] = await services.database.db
      .select({ year: vehicleLibrary.year, make: vehicleLibrary.make, model: vehicleLibrary.model })
      .from(vehicleLibrary)
      .where(eq(vehicleLibrary.image, image))
      .limit(1);
    if (!vehicle)
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send({ success: false, data: {}, errors: ['No library picture has that name.'] });
    let picture = drawn.get(image);
    if (!picture) {
      if (drawn.size >= KEPT) drawn.delete(drawn.keys().next().value!);
      picture = drawPicture(vehicle);
      drawn.set(image, picture);
      picture.catch(() => drawn.delete(image));
    }
    return reply
      .type('image/jpeg')
      .header('cache-control', 'public, max-age=86400')
      .send(await picture);
  });
}
