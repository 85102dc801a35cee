import { eq, sql } from 'drizzle-orm';
import { defineAction } from '../../server/platform/actions';
import { defineListAction, equals, fromDay, matches, toDay } from '../../server/platform/lists';
import { loadRecord } from '../../server/platform/records';
import { searchText } from '../../server/platform/search';
import { typedNumber } from '../../server/platform/phone';
import { locations } from '../locations/locations.db';
import { questionnaireRecords, questionnaires as q } from './questionnaire.db';
import {
  loadQuestions,
  loadReport,
  QUESTIONNAIRE_EXPORT_LIMIT,
  questionnaireColumns,
  type Questionnaire,
} from './questionnaire.contract';

const questionnaireSearch = searchText(q.firstName, q.lastName, q.email, q.phone, q.vehicleVin);

/**
 * What is searched for: the term as typed, except a phone number, which is kept as E.164
 * (+15055550142): "(505) 555-0142" is searched as its digits, so it finds the lead however it was typed.
 */
export const searchTerm = (query: string): string => typedNumber(query) ?? query;

/** The customer's name and the vehicle as labels, in SQL: the html table and the CSV read only selected fields. */
const customerName = sql<string>`(${q.firstName} || ' ' || ${q.lastName})`;
const vehicleLabel = sql<string>`concat_ws(' ', ${q.vehicleYear}::text, ${q.vehicleMake}, ${q.vehicleModel}, nullif(${q.vehicleTrim}, ''))`;
const answerCount = sql<number>`jsonb_array_length(${q.questions})::int`;

defineListAction({
  contract: loadReport,
  summary:
    "Vehicle questionnaires (leads) within reach, newest first: by location, days created (minCreatedAt, maxCreatedAt) and part of the customer's name, email, phone or the VIN; the count as questionCount; also the CSV export (2,000 rows unless a limit is given).",
  permission: 'appraiser',
  reach: q.locationId,
  export: { filename: 'vehicle-questionnaires', defaultLimit: QUESTIONNAIRE_EXPORT_LIMIT },
  bench: (s) => [
    { name: 'newest', filters: {} },
    { name: "newest, a region's user", filters: {}, regional: true },
    { name: 'location, 30 days', filters: { locationId: s.locationId, minCreatedAt: s.from, maxCreatedAt: s.to } },
    { name: 'location, deep pages', filters: { locationId: s.locationId }, depth: 5 },
    { name: 'search', filters: { query: 'garcia' } },
  ],
  columns: questionnaireColumns,
  sorts: { createdAt: q.createdAt, customerName: q.lastName },
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  id: { key: 'questionnaireId', column: q.id },
  filters: {
    locationId: equals(q.locationId),
    // Days on the wall clock of the store filtered by: a lead sent at 20:00 in Phoenix is that day's.
    minCreatedAt: fromDay(q.createdAt),
    maxCreatedAt: toDay(q.createdAt),
    query: matches(questionnaireSearch, searchTerm),
  },
  query: ({ db }) => ({
    select: db
      .select({
        questionnaireId: q.id,
        locationId: q.locationId,
        locationName: locations.name,
        firstName: q.firstName,
        lastName: q.lastName,
        customerName: customerName.as('customer_name'),
        vehicleVin: q.vehicleVin,
        vehicleYear: q.vehicleYear,
        vehicleMake: q.vehicleMake,
        vehicleModel: q.vehicleModel,
        vehicleTrim: q.vehicleTrim,
        vehicle: vehicleLabel.as('vehicle_label'),
        email: q.email,
        phone: q.phone,
        answerCount: answerCount.as('answer_count'),
        createdAt: q.createdAt,
      })
      .from(q)
      .innerJoin(locations, eq(locations.id, q.locationId))
      .$dynamic(),
  }),
});

defineAction({
  contract: loadQuestions,
  summary:
    "One questionnaire for the view-questions modal: the questions and the customer's answers, with the lead's name, contact, vehicle and comments.",
  permission: 'appraiser',
  reach: { questionnaireId: questionnaireRecords },
  readOnly: true,
  async handler(ctx) {
    const row = await loadRecord(ctx, questionnaireRecords, ctx.input.questionnaireId);
    const [location] = await ctx.db
      .select({ name: locations.name })
      .from(locations)
      .where(eq(locations.id, row.locationId));
    const questionnaire: Questionnaire = {
      questionnaireId: row.id,
      locationId: row.locationId,
      locationName: location.name,
      firstName: row.firstName,
      lastName: row.lastName,
      customerName: `${row.firstName} ${row.lastName}`,
      vehicleVin: row.vehicleVin,
      vehicleYear: row.vehicleYear,
      vehicleMake: row.vehicleMake,
      vehicleModel: row.vehicleModel,
      vehicleTrim: row.vehicleTrim,
      vehicle: [row.vehicleYear, row.vehicleMake, row.vehicleModel, row.vehicleTrim].filter(Boolean).join(' '),
      email: row.email,
      phone: row.phone,
      comments: row.comments,
      createdAt: row.createdAt.toISOString(),
    };
    return { questionnaire, questions: row.questions.map(({ question, answer }) => ({ question, answer })) };
  },
});
