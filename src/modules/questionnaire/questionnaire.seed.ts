import { inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { locations } from '../locations/locations.db';
import { standardQuestions, type QuestionAnswer } from './questionnaire.contract';
import { questionnaires } from './questionnaire.db';

/** The answers in the order of `standardQuestions`; a blank one was skipped by the customer. */
type Answers = [string, string, string, string, string, string, string, string, string, string];

const asked = (answers: Answers): QuestionAnswer[] =>
  standardQuestions.flatMap((question, i) => (answers[i] ? [{ question, answer: answers[i] }] : []));

/**
 * Two weeks of questionnaires at seven stores, three of them outside New Mexico: who wants to sell or
 * trade what, and what they said about it. `day`/`hour`: how long before the seed ran.
 */
const demo: { code: string; day: number; hour: number; first: string; last: string; vin: string; year: number; make: string; model: string; trim: string; email: string; phone: string; comments: string; answers: Answers }[] = [
  {
    code: 'ABG', day: 0, hour: 2, first: 'Rosa', last: 'Martinez', vin: '2T3P1RFV8KW012345', year: 2019, make: 'Toyota', model: 'RAV4', trim: 'XLE',
    email: 'rosa.martinez@example.com', phone: '+15055550142', comments: 'Looking to trade up to a Highlander this month.',
    answers: ['No', 'Clean', 'Yes, about $6,000 with Toyota Financial', '2', 'No, expired last year', 'None', 'None', 'About half', 'No', 'Small door ding on the passenger side'],
  },
  {
    code: 'ABG', day: 1, hour: 5, first: 'David', last: 'Chavez', vin: '4T1B11HK5JU654321', year: 2018, make: 'Toyota', model: 'Camry', trim: 'SE',
    email: 'dchavez@example.com', phone: '+15055550177', comments: '',
    answers: ['Yes, minor rear bumper in 2021, repaired at a body shop', 'Clean', 'No', '1', 'No', 'A/C blows warm', 'None', 'New tires last spring', 'No', 'Bumper repainted'],
  },
  {
    code: 'ABG', day: 6, hour: 3, first: 'Laura', last: 'Sanchez', vin: '', year: 2016, make: 'Ford', model: 'Escape', trim: '',
    email: 'laura.s@example.com', phone: '', comments: 'Just want to know what it is worth; not sure of the VIN.',
    answers: ['No', 'Clean', 'No', '2', 'No', 'Transmission slips sometimes', 'Check engine light', 'Needs tires', '', ''],
  },
  {
    code: 'ABH', day: 0, hour: 6, first: 'Kevin', last: 'Nguyen', vin: '2HKRW2H83KH600112', year: 2019, make: 'Honda', model: 'CR-V', trim: 'EX-L',
    email: 'kevin.nguyen@example.com', phone: '+15055550188', comments: 'Prefer a call after 5 pm.',
    answers: ['No', 'Clean', 'Yes, with Honda Financial', '2', 'Yes, powertrain until 2026', 'None', 'None', 'About three quarters', 'No', 'None'],
  },
  {
    code: 'ABH', day: 3, hour: 1, first: 'Angela', last: 'Baca', vin: '19XFC2F59HE004455', year: 2017, make: 'Honda', model: 'Civic', trim: 'LX',
    email: 'angela.baca@example.com', phone: '+15055550123', comments: '',
    answers: ['Yes, front end, insurance claim', 'Rebuilt', 'No', '1', 'No', 'None', 'Airbag light', 'About half', 'No', 'Windshield crack'],
  },
  {
    code: 'SFS', day: 1, hour: 8, first: 'Thomas', last: 'Romero', vin: '4S4BSANC5H3200111', year: 2017, make: 'Subaru', model: 'Outback', trim: 'Premium',
    email: 'tromero@example.com', phone: '+15055550190', comments: 'Has a roof rack and winter tires that go with it.',
    answers: ['No', 'Clean', 'No', '2', 'No', 'Head gasket done at 90,000 miles', 'None', 'Winter set and summer set', 'No', 'None'],
  },
  {
    code: 'SFS', day: 9, hour: 4, first: 'Maria', last: 'Gallegos', vin: 'JF2SKAEC3KH455667', year: 2019, make: 'Subaru', model: 'Forester', trim: 'Sport',
    email: 'maria.gallegos@example.com', phone: '+15055550155', comments: '',
    answers: ['No', 'Clean', 'Yes', '2', 'Yes', 'None', 'None', 'About half', 'Yes, the previous owner', 'None'],
  },
  {
    code: 'LCF', day: 2, hour: 2, first: 'Miguel', last: 'Garcia', vin: '1FTEW1EP7KFA98765', year: 2019, make: 'Ford', model: 'F-150', trim: 'XLT',
    email: 'mgarcia@example.com', phone: '+15755550111', comments: 'Work truck, high miles, runs great.',
    answers: ['No', 'Clean', 'No', '3 or more', 'No', 'Rear main seal leaks a little', 'None', 'Good, about a year old', 'No', 'Bed liner scratches'],
  },
  {
    code: 'LCF', day: 12, hour: 7, first: 'Jessica', last: 'Garcia', vin: '1FMCU9GD1JUC33221', year: 2018, make: 'Ford', model: 'Escape', trim: 'SE',
    email: 'jess.garcia@example.com', phone: '+15755550133', comments: '',
    answers: ['No', 'Lien', 'Yes, about $9,000', '1', 'No', 'None', 'Tire pressure light', 'Needs tires', 'No', 'None'],
  },
  {
    code: 'DNC', day: 0, hour: 4, first: 'Michael', last: 'Johnson', vin: '1GCUYDED4LZ123987', year: 2020, make: 'Chevrolet', model: 'Silverado 1500', trim: 'LT',
    email: 'mjohnson@example.com', phone: '+13035550144', comments: 'Trading for a new Silverado HD.',
    answers: ['No', 'Clean', 'Yes', '2', 'Yes, bumper to bumper until 2026', 'None', 'None', 'About half', 'No', 'None'],
  },
  {
    code: 'DNC', day: 5, hour: 6, first: 'Ashley', last: 'Smith', vin: '', year: 2015, make: 'Jeep', model: 'Wrangler', trim: 'Sport',
    email: 'ashley.smith@example.com', phone: '+13035550166', comments: 'Lifted, aftermarket wheels.',
    answers: ['Yes, rollover in 2019', 'Salvage', 'No', '1', 'No', 'Death wobble at highway speed', 'Check engine light', 'Mud tires, worn', 'Yes', 'Soft top torn'],
  },
  {
    code: 'CSK', day: 4, hour: 2, first: 'Brian', last: 'Lee', vin: '5XYPGDA36LG612345', year: 2020, make: 'Kia', model: 'Sorento', trim: 'LX',
    email: 'brian.lee@example.com', phone: '+17195550122', comments: '',
    answers: ['No', 'Clean', 'Yes', '2', 'Yes, powertrain', 'None', 'None', 'About three quarters', 'No', 'None'],
  },
  {
    code: 'PHX', day: 1, hour: 3, first: 'Daniel', last: 'Lopez', vin: 'KM8J33A46MU300222', year: 2021, make: 'Hyundai', model: 'Tucson', trim: 'SEL',
    email: 'daniel.lopez@example.com', phone: '+16025550177', comments: 'Moving out of state next month; want a quick sale.',
    answers: ['No', 'Clean', 'No', '2', 'Yes, until 2031 on the powertrain', 'None', 'None', 'New', 'No', 'Sun-faded roof'],
  },
  {
    code: 'PHX', day: 8, hour: 5, first: 'Karen', last: 'White', vin: '5NPE34AF4JH700999', year: 2018, make: 'Hyundai', model: 'Sonata', trim: 'Sport',
    email: 'karen.white@example.com', phone: '', comments: 'Email only, please.',
    answers: ['Yes, side swipe, not reported', 'Clean', 'No', '2', 'No', 'None', 'None', 'About half', 'No', 'Scrape along the driver side'],
  },
];

export async function seedQuestionnaires(db: Db): Promise<void> {
  const stores = await db.select({ id: locations.id, code: locations.code }).from(locations).where(inArray(locations.code, [...new Set(demo.map((d) => d.code))]));
  const store = Object.fromEntries(stores.map((s) => [s.code, s.id]));
  const now = Date.now();
  await db.insert(questionnaires).values(demo.map((d) => ({
    locationId: store[d.code], firstName: d.first, lastName: d.last, vehicleVin: d.vin, vehicleYear: d.year, vehicleMake: d.make,
    vehicleModel: d.model, vehicleTrim: d.trim, email: d.email, phone: d.phone, comments: d.comments, questions: asked(d.answers),
    createdAt: new Date(now - d.day * 86_400_000 - d.hour * 3_600_000),
  })));
}
