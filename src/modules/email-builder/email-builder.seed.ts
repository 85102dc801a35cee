import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { locations } from '../locations/locations.db';
import { marketingPlans, planCoupons, planVehicles } from '../marketing-plans/marketing-plans.db';
import type { CouponItem, Piece, PieceInput, VehicleItem } from './email-builder.contract';
import { piece } from './email-builder.contract';
import { emailTemplates } from './email-builder.db';

const blank = (s: string) => s || undefined;
const make = (p: PieceInput): Piece => piece.parse(p);

/** Each store gets three templates built from its active plan, so a new user sees a real email at once. */
export async function seedEmailTemplates(db: Db): Promise<void> {
  const plans = await db
    .select({
      id: marketingPlans.id,
      name: marketingPlans.name,
      locationId: marketingPlans.locationId,
      store: locations.name,
    })
    .from(marketingPlans)
    .innerJoin(locations, eq(locations.id, marketingPlans.locationId))
    .where(eq(marketingPlans.current, true))
    .orderBy(asc(marketingPlans.locationId));
  for (const plan of plans) {
    const vehicles: VehicleItem[] = (
      await db
        .select()
        .from(planVehicles)
        .where(and(eq(planVehicles.planId, plan.id), eq(planVehicles.live, true)))
        .orderBy(asc(planVehicles.position))
    ).map((v) => ({
      type: v.type as VehicleItem['type'],
      inventoryUrl: blank(v.inventoryUrl),
      image: blank(v.image),
      year: v.year,
      make: v.make,
      model: v.model,
      amount: blank(v.amount),
      term: blank(v.term),
      down: blank(v.down),
      description: blank(v.description),
      disclaimer: blank(v.disclaimer),
      ctaLabel: 'View offer',
    }));
    const coupons: CouponItem[] = (
      await db
        .select()
        .from(planCoupons)
        .where(and(eq(planCoupons.planId, plan.id), eq(planCoupons.live, true)))
        .orderBy(asc(planCoupons.position))
    ).map((c) => ({
      leadingText: blank(c.leadingText),
      price: blank(c.price),
      trailingText: blank(c.trailingText),
      product: c.product,
      image: blank(c.image),
      description: blank(c.description),
      disclaimer: blank(c.disclaimer),
      standalone: false,
    }));
    const month = plan.name.replace(/ plan$/, '');
    const templates: { name: string; pieces: Piece[] }[] = [
      {
        name: `${month} offers`,
        pieces: [
          make({
            type: 'hero',
            name: 'Hero',
            title: `${month} at [location_name]`,
            subtitle: "This month's best offers",
            text: 'Shop offers',
            link: '[inventory_url]',
            image: vehicles[0]?.image,
            overlayColor: '#0b1f3a',
            overlayOpacity: 45,
          }),
          make({
            type: 'vehicles',
            name: 'Vehicles',
            title: 'Vehicle offers',
            vehicles,
            showInventoryButton: 1,
            showDivider: 1,
          }),
          make({
            type: 'cta-button',
            name: 'Call us',
            title: 'Call [location_phone]',
            link: '[location_url]',
            align: 'center',
          }),
        ],
      },
      {
        name: `${month} service specials`,
        pieces: [
          make({
            type: 'text',
            name: 'Intro',
            title: 'Service specials',
            text: 'Book online or call [service_phone]. Our technicians are ready when you are.',
            align: 'center',
          }),
          make({ type: 'coupons', name: 'Coupons', title: 'Coupons', coupons, showServiceButton: 1 }),
        ],
      },
      {
        name: `${month} featured vehicle`,
        pieces: [
          make({
            type: 'image-text',
            name: 'Featured',
            title: vehicles[0] ? `${vehicles[0].year} ${vehicles[0].make} ${vehicles[0].model}` : 'Featured',
            text: vehicles[0]?.description,
            image: vehicles[0]?.image,
            link: vehicles[0]?.inventoryUrl,
            imageAlign: 'left',
          }),
          make({
            type: 'image-banner',
            name: 'Banner',
            title: `Visit ${plan.store}`,
            image: 'https://assets.forecourt.test/offers/banner.jpg',
            link: '[location_url]',
          }),
          make({
            type: 'html',
            name: 'Hours',
            html: '<p style="text-align:center">Open today at [location_name], [location_address]</p>',
          }),
        ],
      },
    ];
    await db
      .insert(emailTemplates)
      .values(templates.map((t) => ({ ...t, locationId: plan.locationId, showLocationHeader: true })));
  }
}
