import { z } from 'zod';
import { id, optionalDate, optionalId, optionalText } from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { defineContract, listContract } from '../../shared/contract';

/**
 * The questions a customer answers about the vehicle they want to sell or trade (seed 002 names the
 * field `questions`, not its contents: docs/questionnaire.md). Each answer is kept beside the question
 * as it was asked, so a lead reads the same after the wording changes.
 */
export const standardQuestions = [
  'Has the vehicle been in an accident?',
  'What is the title status?',
  'Do you still owe money on the vehicle?',
  'How many keys do you have?',
  'Is the vehicle still under factory warranty?',
  'Are there any mechanical issues?',
  'Are any warning lights on?',
  'How much tread is left on the tires?',
  'Has anyone smoked in the vehicle?',
  'Any body damage, dents or windshield cracks?',
] as const;

/** One row of a questionnaire's `questions`: the question as asked and the customer's answer. */
export const questionAnswer = z.object({ question: z.string(), answer: z.string() });
export type QuestionAnswer = z.output<typeof questionAnswer>;

/** The report's filters (seed 002: location, days created, part of a name, email, phone or VIN). */
const questionnaireFilters = {
  /** Part of the customer's name, email, phone or the VIN. */
  query: optionalText(60).meta({ title: 'Search' }),
  locationId: optionalId,
  // Days, on the clock of the location filtered by (the group's otherwise), first and last included.
  minCreatedAt: optionalDate.meta({ title: 'From' }),
  maxCreatedAt: optionalDate.meta({ title: 'To' }),
};

/** The report's columns, and the CSV's. */
export const questionnaireColumns: ColumnSpec[] = [
  // The customer first: the row's button (Tab, Enter) opens the view-questions modal and is named by it.
  { key: 'customerName', label: 'Customer', sortable: true },
  { key: 'createdAt', label: 'Received', sortable: true, format: 'date' },
  { key: 'vehicle', label: 'Vehicle' },
  { key: 'vehicleVin', label: 'VIN' },
  { key: 'phone', label: 'Phone' },
  { key: 'email', label: 'Email' },
  { key: 'answerCount', label: 'Answers' },
  { key: 'locationName', label: 'Location' },
];

const questionnaireRow = z.object({
  questionnaireId: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  customerName: z.string(),
  vehicleVin: z.string(),
  vehicleYear: z.number().int(),
  vehicleMake: z.string(),
  vehicleModel: z.string(),
  vehicleTrim: z.string(),
  /** Year, make, model and trim as one label ("2019 Toyota RAV4 XLE"). */
  vehicle: z.string(),
  email: z.string(),
  /** E.164 (+15055550142), or blank. */
  phone: z.string(),
  /** How many questions the customer answered. */
  answerCount: z.number().int(),
  createdAt: z.string(),
});
export type QuestionnaireRow = z.output<typeof questionnaireRow>;

/** The lead's fields as the view-questions modal shows them (seed 002's Questionnaire, and its store's name). */
const questionnaire = questionnaireRow.omit({ answerCount: true }).extend({ comments: z.string() });
export type Questionnaire = z.output<typeof questionnaire>;

const EXPORT_ROUTE = '/tools/vehicle-questionnaire/export';
/** Rows the CSV sends when the caller names no limit: a busy region's month of leads (docs/questionnaire.md). */
export const QUESTIONNAIRE_EXPORT_LIMIT = 2_000;

/**
 * The vehicle questionnaire report (seed 002: load-report returns `html` and `questionCount`, the
 * number of questionnaires matching), newest first; also the CSV export.
 */
export const loadReport = listContract({
  path: 'questionnaire/load-report',
  filters: questionnaireFilters,
  row: questionnaireRow,
  countKey: 'questionCount',
  exportRoute: EXPORT_ROUTE,
});

/** The view-questions modal (seed 002: load-questions with questionnaireId): the answers and the lead's fields. */
export const loadQuestions = defineContract({
  path: 'questionnaire/load-questions',
  input: z.object({ questionnaireId: id }),
  output: z.object({ questionnaire, questions: z.array(questionAnswer) }),
});
