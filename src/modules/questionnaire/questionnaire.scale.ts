import { defineGenerator, FULL_SCALE, spreadOldestFirst } from '../../server/scale/generators';
import { standardQuestions } from './questionnaire.contract';

/** Two years of questionnaires: about 70 a month per store at full scale. */
const SPAN_DAYS = 2 * 365;
const FULL_ROWS = 100_000;
const surnames = [
  'Garcia',
  'Martinez',
  'Chavez',
  'Romero',
  'Baca',
  'Nguyen',
  'Johnson',
  'Brown',
  'Lopez',
  'Sanchez',
  'Smith',
  'Lee',
];
const givenNames = ['Rosa', 'David', 'Angela', 'Kevin', 'Maria', 'Thomas', 'Jessica', 'Michael', 'Daniel', 'Laura'];
const vehicles: [string, string, string][] = [
  ['Toyota', 'RAV4', 'XLE'],
  ['Toyota', 'Camry', 'SE'],
  ['Honda', 'CR-V', 'EX'],
  ['Honda', 'Civic', 'LX'],
  ['Ford', 'F-150', 'XLT'],
  ['Chevrolet', 'Silverado 1500', 'LT'],
  ['Subaru', 'Outback', 'Premium'],
  ['Hyundai', 'Tucson', 'SEL'],
  ['Kia', 'Sorento', 'LX'],
  ['Jeep', 'Wrangler', 'Sport'],
];
/** Likely answers per question, in the order of `standardQuestions`. */
const answers: string[][] = [
  ['No', 'No', 'No', 'Yes, minor, repaired'],
  ['Clean', 'Clean', 'Clean', 'Lien', 'Rebuilt'],
  ['No', 'Yes'],
  ['1', '2', '2', '3 or more'],
  ['No', 'Yes', 'Yes, powertrain'],
  ['None', 'None', 'A/C blows warm', 'Oil leak'],
  ['None', 'None', 'Check engine light'],
  ['New', 'About half', 'Needs tires'],
  ['No', 'No', 'Yes'],
  ['None', 'Door ding', 'Windshield crack'],
];
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/**
 * Questionnaire n (id n) is at location ((n - 1) mod locations) + 1, sent oldest first over two years,
 * so every store has some in any month, the bench's sample one included.
 */
defineGenerator({
  table: 'vehicle_questionnaires',
  columns: [
    'location_id',
    'first_name',
    'last_name',
    'vehicle_vin',
    'vehicle_year',
    'vehicle_make',
    'vehicle_model',
    'vehicle_trim',
    'email',
    'phone',
    'comments',
    'questions',
    'created_at',
  ],
  fullRows: FULL_ROWS,
  minRows: FULL_SCALE.locations * 10,
  after: ['locations'],
  *rows({ random, rows, counts, now }) {
    const span = SPAN_DAYS * 86_400;
    for (let i = 0; i < rows; i++) {
      const createdAt = spreadOldestFirst(now, span, i, rows);
      const location = (i % counts.locations) + 1;
      const first = random.pick(givenNames);
      const last = random.pick(surnames);
      const [make, model, trim] = random.pick(vehicles);
      // One in ten customers does not know the VIN; the serial runs from 200000 so a search reads as on a windshield.
      const vin =
        random.next() < 0.1
          ? ''
          : `${Array.from({ length: 11 }, () => random.pick([...VIN_CHARS])).join('')}${200_000 + i}`.slice(0, 17);
      const questions = standardQuestions.map((question, q) => ({ question, answer: random.pick(answers[q]) }));
      yield [
        location,
        first,
        last,
        vin,
        random.int(2008, 2025),
        make,
        model,
        trim,
        `${first}.${last}${i}@example.com`.toLowerCase(),
        random.next() < 0.85 ? `+1505${String(random.int(2_000_000, 9_999_999))}` : '',
        random.next() < 0.3 ? 'Please call after 5 pm.' : '',
        JSON.stringify(questions),
        createdAt,
      ];
    }
  },
});
