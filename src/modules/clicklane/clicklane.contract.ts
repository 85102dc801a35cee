/**
 * The click-to-buy lane's back office (ClickLane: seed 000, sections 2, 3, 7 and 8; seed 001,
 * sections 2 and 7): leads, deliveries and their updates, lane vehicles, insurance quotes and the
 * lane's own users. What the spec leaves out is designed in docs/clicklane.md.
 */
import { z } from 'zod';
import {
  choice,
  date,
  email,
  id,
  money,
  optionalChoice,
  optionalDate,
  optionalEmail,
  optionalId,
  optionalPhone,
  optionalText,
  text,
  webUrl,
  yesNo,
} from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { defineContract, listContract } from '../../shared/contract';
import { vinCheckedUnlessKept, vinOverride, vinText } from '../vehicles/vehicles.contract';

const PATH = 'clicklane';

// Seed 000, section 8, and seed 001, section 7: word for word.
export const PASSWORD_RESET_SENT = 'Password reset link sent!';
export const UPDATE_ADDED = 'Update has been added!';
export const UPDATE_DELETED = 'Update has been deleted!';
export const VEHICLE_ADDED = 'Vehicle has been added!';
export const DELIVERY_SAVED = 'Delivery saved.';
export const OFFER_SENT = 'Offer sent!';
/** Seed 000's catalogue also names this one (acquisition vehicles); the lane's save-vehicle says it too. */
export const VEHICLE_UPDATED = 'Vehicle Updated!';
/** Seed 000, section 5: an update is deleted only once confirmed, worded as its other questions. */
export const DELETE_UPDATE_QUESTION = 'Are you sure you want to delete this update?';
// Designed (docs/clicklane.md): the spec names no sentence for these.
export const LEAD_ADDED = 'Lead has been added!';
export const LEAD_SAVED = 'Lead saved.';
export const USER_SAVED = 'User saved.';
export const PASSWORD_SET = 'Your password is set. Sign in with it below.';

/** How long a reset link works (the issue: 24 hours). */
export const RESET_LINK_HOURS = 24;
export const LANE_PASSWORD_MIN = 10;

export const leadStatuses = ['new', 'contacted', 'quoted', 'completed', 'sold', 'lost'] as const;
export type LeadStatus = (typeof leadStatuses)[number];
export const leadStatusLabels: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  completed: 'Completed',
  sold: 'Sold',
  lost: 'Lost',
};
export const leadSources = ['partner-site', 'insurance-partner', 'phone', 'walk-in'] as const;
export type LeadSource = (typeof leadSources)[number];
export const leadSourceLabels: Record<LeadSource, string> = {
  'partner-site': 'Partner site',
  'insurance-partner': 'Insurance partner',
  phone: 'Phone',
  'walk-in': 'Walk-in',
};
export const deliveryStatuses = ['scheduled', 'in-transit', 'delivered', 'cancelled'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];
export const deliveryStatusLabels: Record<DeliveryStatus, string> = {
  scheduled: 'Scheduled',
  'in-transit': 'On its way',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
export const laneVehicleStatuses = ['available', 'reserved', 'sold', 'withdrawn'] as const;
export type LaneVehicleStatus = (typeof laneVehicleStatuses)[number];
export const laneVehicleStatusLabels: Record<LaneVehicleStatus, string> = {
  available: 'Available',
  reserved: 'Reserved',
  sold: 'Sold',
  withdrawn: 'Withdrawn',
};
export const quoteStatuses = ['requested', 'quoted', 'accepted', 'declined', 'failed'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];
export const quoteStatusLabels: Record<QuoteStatus, string> = {
  requested: 'Waiting for the carrier',
  quoted: 'Quoted',
  accepted: 'Accepted',
  declined: 'Declined',
  failed: 'Failed',
};
/** The carriers the group's insurance partner quotes for (docs/clicklane.md). */
export const carriers = ['progressive', 'geico', 'state-farm', 'allstate', 'liberty-mutual'] as const;
export type Carrier = (typeof carriers)[number];
export const carrierLabels: Record<Carrier, string> = {
  progressive: 'Progressive',
  geico: 'GEICO',
  'state-farm': 'State Farm',
  allstate: 'Allstate',
  'liberty-mutual': 'Liberty Mutual',
};
export const coverages = ['liability', 'full'] as const;
export type Coverage = (typeof coverages)[number];
export const coverageLabels: Record<Coverage, string> = { liability: 'Liability only', full: 'Full coverage' };
export const quoteTerms = ['6', '12'] as const;

const NAME_MAX = 100;
export const UPDATE_TEXT_MAX = 2_000;
const ADDRESS_MAX = 300;

const searchField = (what: string) => optionalText(60).meta({ title: 'Search', description: what });

// Leads ---------------------------------------------------------------------------------------------

const leadFilters = {
  /** Part of the customer's name, email, phone or the car asked for. */
  query: searchField('customer, email, phone or vehicle'),
  locationId: optionalId,
  status: optionalChoice(leadStatuses),
  source: optionalChoice(leadSources),
  minCreatedAt: optionalDate.meta({ title: 'Created from' }),
  maxCreatedAt: optionalDate.meta({ title: 'Created to' }),
};

export const leadColumns: ColumnSpec[] = [
  { key: 'customerName', label: 'Customer', sortable: true },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone', format: 'phone' },
  { key: 'vehicleWanted', label: 'Vehicle wanted' },
  { key: 'locationName', label: 'Store' },
  { key: 'sourceLabel', label: 'Source' },
  { key: 'statusLabel', label: 'Status' },
  { key: 'createdAt', label: 'Created', sortable: true, format: 'datetime' },
];
export const locationLeadColumns: ColumnSpec[] = [
  { key: 'customerName', label: 'Customer', sortable: true },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone', format: 'phone' },
  { key: 'vehicleWanted', label: 'Vehicle wanted' },
  { key: 'statusLabel', label: 'Status' },
  { key: 'deliveryLabel', label: 'Delivery' },
  { key: 'updatedAt', label: 'Last activity', sortable: true, format: 'datetime' },
];

const leadRow = z.object({
  leadId: z.number().int(),
  customerName: z.string(),
  email: z.string(),
  phone: z.string(),
  vehicleWanted: z.string(),
  locationId: z.number().int(),
  locationName: z.string(),
  source: z.enum(leadSources),
  sourceLabel: z.string(),
  status: z.enum(leadStatuses),
  statusLabel: z.string(),
  deliveryId: z.number().int().nullable(),
  /** The delivery's status and day ("Scheduled 2026-05-02"), blank without one. */
  deliveryLabel: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LeadRow = z.output<typeof leadRow>;

/**
 * The leads within reach, newest first (seed 001): `vrLeads` counts them, `completed` and `sold`
 * count those completed online and those sold.
 */
export const loadLeads = listContract({
  path: `${PATH}/load-leads`,
  filters: leadFilters,
  row: leadRow,
  countKey: 'vrLeads',
});
/** One store's leads, latest activity first (seed 001's location lead list), with the same counts. */
export const loadLocationLeads = listContract({
  path: `${PATH}/load-location-leads`,
  filters: leadFilters,
  row: leadRow,
  countKey: 'vrLeads',
});

export const leadInput = z.object({
  locationId: id,
  customerName: text(NAME_MAX).meta({ title: 'Customer name' }),
  email: optionalEmail,
  phone: optionalPhone,
  vehicleWanted: optionalText(200).meta({ title: 'Vehicle wanted' }),
  laneVehicleId: optionalId.meta({ title: 'Lane vehicle' }),
  source: choice(leadSources),
});
export type LeadInput = z.infer<typeof leadInput>;
const saveLeadInput = leadInput.extend({ leadId: id, status: choice(leadStatuses) });
export type SaveLeadInput = z.infer<typeof saveLeadInput>;

const lead = leadRow.extend({
  laneVehicleId: z.number().int().nullable(),
  laneUserId: z.number().int().nullable(),
  completedAt: z.string().nullable(),
  soldAt: z.string().nullable(),
});
export type LeadRecord = z.output<typeof lead>;

/** A lead taken by phone or at the store (designed: the partner site's own leads arrive in the same table). */
export const addLead = defineContract({
  path: `${PATH}/add-lead`,
  input: leadInput,
  output: z.object({ leadId: z.number().int() }),
});
export const saveLead = defineContract({
  path: `${PATH}/save-lead`,
  input: saveLeadInput,
  output: z.object({ leadId: z.number().int() }),
});
export const loadLead = defineContract({
  path: `${PATH}/load-lead`,
  input: z.object({ leadId: id }),
  output: z.object({ lead }),
});

// Lane vehicles -------------------------------------------------------------------------------------

const vehicleFilters = {
  /** Part of the VIN, the stock number or the description. */
  query: searchField('VIN, stock number or vehicle'),
  locationId: optionalId,
  status: optionalChoice(laneVehicleStatuses),
};
export const laneVehicleColumns: ColumnSpec[] = [
  { key: 'stockNumber', label: 'Stock number', sortable: true },
  { key: 'description', label: 'Vehicle' },
  { key: 'vin', label: 'VIN' },
  { key: 'price', label: 'Price', sortable: true },
  { key: 'locationName', label: 'Store' },
  { key: 'statusLabel', label: 'Status' },
  { key: 'createdAt', label: 'Added', sortable: true, format: 'date' },
];
const laneVehicleRow = z.object({
  vehicleId: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  vin: z.string(),
  stockNumber: z.string(),
  description: z.string(),
  /** "$31,450.00" */
  price: z.string(),
  priceCents: z.number().int(),
  photosUrl: z.string(),
  status: z.enum(laneVehicleStatuses),
  statusLabel: z.string(),
  createdAt: z.string(),
});
export type LaneVehicleRow = z.output<typeof laneVehicleRow>;

export const loadVehicles = listContract({
  path: `${PATH}/load-vehicles`,
  filters: vehicleFilters,
  row: laneVehicleRow,
  countKey: 'vehicleCount',
});

export const laneVehicleInput = z
  .object({
    locationId: id,
    vin: vinText,
    vinOverride,
    stockNumber: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      z
        .string({ error: 'is required' })
        .min(1, { error: 'is required' })
        .max(20, { error: 'must be at most 20 characters' })
        .regex(/^[A-Z0-9-]*$/, { error: 'holds only letters, digits and dashes' }),
    ),
    description: optionalText(120).meta({ title: 'Vehicle', description: 'Year, make, model and trim' }),
    price: money(1_000_000),
    photosUrl: z
      .preprocess((v) => (v === '' || v === null ? undefined : v), webUrl().optional())
      .meta({
        title: 'Photos link',
      }),
    status: choice(laneVehicleStatuses),
  })
  .superRefine(...vinCheckedUnlessKept);
export type LaneVehicleInput = z.infer<typeof laneVehicleInput>;
/** From the edit-delivery screen, the vehicle added becomes that delivery's. */
const addVehicleInput = laneVehicleInput.extend({ deliveryId: optionalId.meta({ title: 'Delivery' }) });
const saveVehicleInput = laneVehicleInput.extend({ vehicleId: id });

export const addVehicle = defineContract({
  path: `${PATH}/add-vehicle`,
  input: addVehicleInput,
  output: z.object({ vehicleId: z.number().int() }),
});
export const saveVehicle = defineContract({
  path: `${PATH}/save-vehicle`,
  input: saveVehicleInput,
  output: z.object({ vehicleId: z.number().int() }),
});
export const loadVehicle = defineContract({
  path: `${PATH}/load-vehicle`,
  input: z.object({ vehicleId: id }),
  output: z.object({ vehicle: laneVehicleRow.extend({ updatedAt: z.string() }) }),
});
export type LaneVehicleRecord = z.output<typeof loadVehicle.output>['vehicle'];

// Deliveries and updates ------------------------------------------------------------------------------

const deliveryFilters = {
  /** Part of the customer's name, email, phone or the car asked for. */
  query: searchField('customer, email or phone'),
  locationId: optionalId,
  status: optionalChoice(deliveryStatuses),
  minScheduledDate: optionalDate.meta({ title: 'Scheduled from' }),
  maxScheduledDate: optionalDate.meta({ title: 'Scheduled to' }),
};
export const deliveryColumns: ColumnSpec[] = [
  { key: 'customerName', label: 'Customer' },
  { key: 'vehicle', label: 'Vehicle' },
  { key: 'locationName', label: 'Store' },
  { key: 'scheduledDate', label: 'Scheduled', sortable: true, format: 'date' },
  { key: 'deliveredDate', label: 'Delivered', format: 'date' },
  { key: 'statusLabel', label: 'Status' },
  { key: 'updateCount', label: 'Updates', format: 'number' },
];
const deliveryRow = z.object({
  deliveryId: z.number().int(),
  leadId: z.number().int(),
  customerName: z.string(),
  vehicleId: z.number().int().nullable(),
  vehicle: z.string(),
  locationId: z.number().int(),
  locationName: z.string(),
  scheduledDate: z.string(),
  deliveredDate: z.string().nullable(),
  status: z.enum(deliveryStatuses),
  statusLabel: z.string(),
  address: z.string(),
  updateCount: z.number().int(),
});
export type DeliveryRow = z.output<typeof deliveryRow>;

export const loadDeliveries = listContract({
  path: `${PATH}/load-deliveries`,
  filters: deliveryFilters,
  row: deliveryRow,
  countKey: 'deliveryCount',
});

/** save-delivery (seed 000: form): without a deliveryId it schedules the lead's delivery. */
const saveDeliveryInput = z.object({
  deliveryId: optionalId.meta({ title: 'Delivery' }),
  leadId: id,
  vehicleId: optionalId.meta({ title: 'Lane vehicle' }),
  scheduledDate: date.meta({ title: 'Scheduled for' }),
  deliveredDate: optionalDate.meta({ title: 'Delivered on' }),
  status: choice(deliveryStatuses),
  address: text(ADDRESS_MAX).meta({ title: 'Delivery address' }),
});
export type SaveDeliveryInput = z.infer<typeof saveDeliveryInput>;
export const saveDelivery = defineContract({
  path: `${PATH}/save-delivery`,
  input: saveDeliveryInput,
  output: z.object({ deliveryId: z.number().int() }),
});

const update = z.object({
  updateId: z.number().int(),
  text: z.string(),
  photoUrl: z.string(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
});
export type LaneUpdate = z.output<typeof update>;
/** The most updates the edit-delivery screen shows (newest first). */
export const UPDATES_SHOWN = 200;
export const loadDelivery = defineContract({
  path: `${PATH}/load-delivery`,
  input: z.object({ deliveryId: id }),
  output: z.object({
    delivery: deliveryRow.extend({
      email: z.string(),
      phone: z.string(),
      leadStatus: z.enum(leadStatuses),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
    vehicle: laneVehicleRow.nullable(),
    updates: z.array(update),
  }),
});
export type DeliveryRecord = z.output<typeof loadDelivery.output>;

const addUpdateInput = z.object({
  deliveryId: id,
  text: text(UPDATE_TEXT_MAX).meta({ title: 'Update' }),
  photoUrl: z
    .preprocess((v) => (v === '' || v === null ? undefined : v), webUrl().optional())
    .meta({
      title: 'Photo link',
    }),
});
export const addUpdate = defineContract({
  path: `${PATH}/add-update`,
  input: addUpdateInput,
  output: z.object({ updateId: z.number().int() }),
});
export const deleteUpdate = defineContract({
  path: `${PATH}/delete-update`,
  input: z.object({ updateId: id }),
  output: z.object({ updateId: z.number().int() }),
});

// Insurance quotes ----------------------------------------------------------------------------------

const quoteFilters = {
  query: searchField('customer, email or phone'),
  locationId: optionalId,
  status: optionalChoice(quoteStatuses),
  carrier: optionalChoice(carriers),
  minCreatedAt: optionalDate.meta({ title: 'Asked from' }),
  maxCreatedAt: optionalDate.meta({ title: 'Asked to' }),
};
export const quoteColumns: ColumnSpec[] = [
  { key: 'customerName', label: 'Customer' },
  { key: 'carrierLabel', label: 'Carrier' },
  { key: 'coverageLabel', label: 'Coverage' },
  { key: 'termMonths', label: 'Term (months)', format: 'number' },
  { key: 'premium', label: 'Premium' },
  { key: 'locationName', label: 'Store' },
  { key: 'statusLabel', label: 'Status' },
  { key: 'createdAt', label: 'Asked', sortable: true, format: 'datetime' },
];
const quoteRow = z.object({
  quoteId: z.number().int(),
  leadId: z.number().int(),
  customerName: z.string(),
  carrier: z.enum(carriers),
  carrierLabel: z.string(),
  coverage: z.enum(coverages),
  coverageLabel: z.string(),
  termMonths: z.number().int(),
  /** "$642.00", blank until the carrier answers. */
  premium: z.string(),
  locationId: z.number().int(),
  locationName: z.string(),
  status: z.enum(quoteStatuses),
  statusLabel: z.string(),
  reference: z.string(),
  createdAt: z.string(),
});
export type QuoteRow = z.output<typeof quoteRow>;
export const loadQuotes = listContract({
  path: `${PATH}/load-quotes`,
  filters: quoteFilters,
  row: quoteRow,
  countKey: 'quoteCount',
});

/**
 * The insurance start-quote call (seed 001: "Its path is not shown"): the form the partner's quote
 * needs, sent to the carrier through the insurance provider; the carrier answers later.
 */
const startQuoteInput = z.object({
  leadId: id,
  carrier: choice(carriers),
  coverage: choice(coverages),
  termMonths: choice(quoteTerms).meta({ title: 'Term' }),
  /** The customer's ZIP code, where the car is garaged: carriers price by it. */
  zip: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z.string({ error: 'is required' }).regex(/^\d{5}$/, { error: 'must be five digits, such as 87109.' }),
    )
    .meta({ title: 'ZIP code' }),
  dateOfBirth: date.meta({ title: "Driver's date of birth" }),
});
export type StartQuoteInput = z.infer<typeof startQuoteInput>;
export const startQuote = defineContract({
  path: `${PATH}/start-quote`,
  input: startQuoteInput,
  output: z.object({ quoteId: z.number().int(), reference: z.string() }),
});

// The lane's users --------------------------------------------------------------------------------------

const userFilters = {
  query: searchField('name, email or phone'),
  signedIn: yesNo.meta({ title: 'Has signed in' }),
};
export const laneUserColumns: ColumnSpec[] = [
  { key: 'name', label: 'Name', sortable: true },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone', format: 'phone' },
  { key: 'leadCount', label: 'Leads', format: 'number' },
  { key: 'lastSignInAt', label: 'Last sign-in', format: 'datetime' },
  { key: 'createdAt', label: 'Joined', sortable: true, format: 'date' },
];
const laneUserRow = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  leadCount: z.number().int(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type LaneUserRow = z.output<typeof laneUserRow>;
export const loadUsers = listContract({
  path: `${PATH}/load-users`,
  filters: userFilters,
  row: laneUserRow,
  countKey: 'userCount',
});
export const loadUser = defineContract({
  path: `${PATH}/load-user`,
  input: z.object({ userId: id }),
  output: z.object({
    user: laneUserRow.extend({
      hasPassword: z.boolean(),
      updatedAt: z.string(),
      /** When the newest reset link was sent, and whether it is still unused and unexpired. */
      lastResetAt: z.string().nullable(),
      resetPending: z.boolean(),
    }),
  }),
});
export type LaneUserRecord = z.output<typeof loadUser.output>['user'];
const saveUserInput = z.object({
  userId: id,
  name: text(NAME_MAX),
  email,
  phone: optionalPhone,
});
export type SaveLaneUserInput = z.infer<typeof saveUserInput>;
export const saveUser = defineContract({
  path: `${PATH}/save-user`,
  input: saveUserInput,
  output: z.object({ userId: z.number().int() }),
});
export const resetPassword = defineContract({
  path: `${PATH}/reset-password`,
  input: z.object({ userId: id }),
  output: z.object({ userId: z.number().int(), expiresAt: z.string() }),
});

// The lead login (public: the customer's side) ---------------------------------------------------------

const lanePassword = z
  .string({ error: 'is required' })
  .min(1, { error: 'is required' })
  .max(200, { error: 'must be at most 200 characters' });
/** Sets a lane user's password with the token of a reset link: once, within 24 hours. */
export const setPassword = defineContract({
  path: `${PATH}/set-password`,
  input: z.object({
    token: z.string({ error: 'is required' }).regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'is not a reset link' }),
    password: z
      .string({ error: 'is required' })
      .min(LANE_PASSWORD_MIN, { error: `must be at least ${LANE_PASSWORD_MIN} characters` })
      .max(200, { error: 'must be at most 200 characters' })
      .meta({ title: 'New password' }),
  }),
  output: z.object({ email: z.string() }),
});
const customerUpdate = update.omit({ authorName: true });
/** A customer signs in to read their deliveries' updates (the lead login screen). */
export const leadLogin = defineContract({
  path: `${PATH}/lead-login`,
  input: z.object({ email, password: lanePassword }),
  output: z.object({
    name: z.string(),
    deliveries: z.array(
      z.object({
        vehicle: z.string(),
        storeName: z.string(),
        scheduledDate: z.string(),
        deliveredDate: z.string().nullable(),
        statusLabel: z.string(),
        updates: z.array(customerUpdate),
      }),
    ),
  }),
});

/** Whole months a quote's term may run, as numbers. */
export const termOf = (value: (typeof quoteTerms)[number]) => Number(value) as 6 | 12;
export const deliveryHref = (deliveryId: number) => `/clicklane/deliveries/delivery?deliveryId=${deliveryId}`;
export const laneUserHref = (userId: number) => `/clicklane/users/user?userId=${userId}`;
export const startQuoteHref = (leadId: number) => `/clicklane/quotes/start?leadId=${leadId}`;
/** The lead login's address; a reset link carries its token. */
export const LEAD_LOGIN_PATH = '/clicklane/login';
