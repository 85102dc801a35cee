import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { type ActInput, type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { auditLog } from '../../server/platform/platform.db';
import { standardQuestions, loadQuestions, loadReport } from './questionnaire.contract';
import { questionnaires } from './questionnaire.db';
import { searchTerm } from './questionnaire.server';

let t: TestApp;
let appraiser: Caller;
let loc: Record<string, number>;

beforeAll(async () => {
  t = await testApp();
  appraiser = await t.signedIn(['appraiser']);
  loc = await locationsByCode(t.db);
});
afterAll(async () => {
  await t?.close();
});

type Row = {
  questionnaireId: number;
  locationId: number;
  customerName: string;
  vehicleVin: string;
  createdAt: string;
  lastName: string;
};
const names = (rows: Row[]) => rows.map((r) => r.customerName);
const byName = async (firstName: string, lastName: string) =>
  (await t.db.select().from(questionnaires).where(eq(questionnaires.lastName, lastName))).find(
    (r) => r.firstName === firstName,
  )!;
const tableCounts = async () => {
  const [[{ q }], [{ a }]] = await Promise.all([
    t.db.select({ q: count() }).from(questionnaires),
    t.db.select({ a: count() }).from(auditLog),
  ]);
  return { q, a };
};
const download = (caller: Caller, query: string) =>
  t.app.inject({
    method: 'GET',
    url: `/tools/vehicle-questionnaire/export${query}`,
    cookies: caller.cookie ? { forecourt_session: caller.cookie } : {},
  });

describe('the vehicle questionnaire report', () => {
  it('lists every demo questionnaire newest first, counted as questionCount, with its store, vehicle and answers, in html too', async () => {
    const res = await appraiser.act(loadReport, {});
    expect(res.status).toBe(200);
    const [{ n }] = await t.db.select({ n: count() }).from(questionnaires);
    expect(n).toBeGreaterThanOrEqual(12);
    expect(res.body.data.questionCount).toBe(n);
    const times = res.body.data.rows.map((r: Row) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const rosa = res.body.data.rows.find((r: Row) => r.customerName === 'Rosa Martinez')!;
    const stored = await byName('Rosa', 'Martinez');
    expect(rosa).toEqual({
      questionnaireId: stored.id,
      locationId: loc.ABG,
      locationName: 'Albuquerque Toyota',
      firstName: 'Rosa',
      lastName: 'Martinez',
      customerName: 'Rosa Martinez',
      vehicleVin: '2T3P1RFV8KW012345',
      vehicleYear: 2019,
      vehicleMake: 'Toyota',
      vehicleModel: 'RAV4',
      vehicleTrim: 'XLE',
      vehicle: '2019 Toyota RAV4 XLE',
      email: 'rosa.martinez@example.com',
      phone: '+15055550142',
      answerCount: standardQuestions.length,
      createdAt: expect.any(String),
    });
    expect(Date.parse(rosa.createdAt)).toBe(stored.createdAt.getTime());
    // A blank trim leaves no trailing space; a skipped question is not counted.
    const laura = res.body.data.rows.find((r: Row) => r.customerName === 'Laura Sanchez');
    expect(laura).toMatchObject({ vehicle: '2016 Ford Escape', vehicleVin: '', phone: '', answerCount: 8 });
    expect(res.body.data.html).toContain('<th data-key="customerName">Customer</th>');
    expect(res.body.data.html).toContain('2019 Toyota RAV4 XLE');
    const page = await appraiser.act(loadReport, { limit: 5, view: 'rows' });
    expect(page.body.data.rows).toHaveLength(5);
    expect(page.body.data.questionCount).toBe(n);
  });

  it("filters by store, by days created on the store's clock (first and last day included), and by part of a name, email, phone or VIN", async () => {
    const abg = await appraiser.act(loadReport, { locationId: loc.ABG });
    expect(names(abg.body.data.rows)).toEqual(['Rosa Martinez', 'David Chavez', 'Laura Sanchez']);
    expect(abg.body.data.questionCount).toBe(3);

    // Three leads at Phoenix on its own clock (no daylight saving): 23:30 on the 9th, 00:30 and 23:59 on the 10th, 00:10 on the 11th.
    await t.db.insert(questionnaires).values(
      [
        ['Day', 'One', '2025-03-10T06:30:00Z'],
        ['Day', 'Two', '2025-03-10T07:30:00Z'],
        ['Day', 'Three', '2025-03-11T06:59:00Z'],
        ['Day', 'Four', '2025-03-11T07:10:00Z'],
      ].map(([firstName, lastName, at]) => ({
        locationId: loc.PHX,
        firstName,
        lastName,
        vehicleYear: 2015,
        vehicleMake: 'Hyundai',
        vehicleModel: 'Elantra',
        createdAt: new Date(at),
      })),
    );
    const days = async (filters: ActInput<typeof loadReport>) =>
      names((await appraiser.act(loadReport, { locationId: loc.PHX, ...filters })).body.data.rows).filter((x) =>
        x.startsWith('Day '),
      );
    expect(await days({ minCreatedAt: '2025-03-10', maxCreatedAt: '2025-03-10' })).toEqual(['Day Three', 'Day Two']);
    expect(await days({ minCreatedAt: '2025-03-10' })).toEqual(['Day Four', 'Day Three', 'Day Two']);
    expect(await days({ maxCreatedAt: '2025-03-09' })).toEqual(['Day One']);

    const search = async (query: string) => names((await appraiser.act(loadReport, { query })).body.data.rows).sort();
    expect(await search('garcia')).toEqual(['Jessica Garcia', 'Miguel Garcia']);
    expect(await search('rosa mart')).toEqual(['Rosa Martinez']);
    expect(await search('DCHAVEZ@EXAMPLE')).toEqual(['David Chavez']);
    expect(await search('(505) 555-0188')).toEqual(['Kevin Nguyen']);
    expect(await search('555-0123')).toEqual(['Angela Baca']);
    expect(await search('fa98765')).toEqual(['Miguel Garcia']);
    expect(await search('nobody-like-this')).toEqual([]);
    const both = await appraiser.act(loadReport, { locationId: loc.LCF, query: 'jess' });
    expect(names(both.body.data.rows)).toEqual(['Jessica Garcia']);

    const byLastName = await appraiser.act(loadReport, { locationId: loc.ABG, sort: 'customerName', dir: 'asc' });
    expect(names(byLastName.body.data.rows)).toEqual(['David Chavez', 'Rosa Martinez', 'Laura Sanchez']);
  });

  it('refuses bad filters with a sentence naming each as the screen labels it', async () => {
    const bad = await appraiser.act(loadReport, {
      minCreatedAt: '03/10/2025',
      maxCreatedAt: '2025-02-30',
      locationId: 'abg',
      query: 'x'.repeat(61),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      'Search must be at most 60 characters.',
      'Location must be a record number.',
      'From must be a date as YYYY-MM-DD.',
      'To must be a real date.',
    ]);
    expect((await appraiser.act(loadReport, { locationId: 999_999 })).body.data).toMatchObject({
      questionCount: 0,
      rows: [],
    });
  });

  it("opens a lead's questions: each question and its answer in the order asked, with the lead's fields; nothing written", async () => {
    const stored = await byName('Angela', 'Baca');
    const before = await tableCounts();
    const res = await appraiser.act(loadQuestions, { questionnaireId: stored.id });
    expect(res.status).toBe(200);
    expect(res.body.data.questionnaire).toEqual({
      questionnaireId: stored.id,
      locationId: loc.ABH,
      locationName: 'Albuquerque Honda',
      firstName: 'Angela',
      lastName: 'Baca',
      customerName: 'Angela Baca',
      vehicleVin: '19XFC2F59HE004455',
      vehicleYear: 2017,
      vehicleMake: 'Honda',
      vehicleModel: 'Civic',
      vehicleTrim: 'LX',
      vehicle: '2017 Honda Civic LX',
      email: 'angela.baca@example.com',
      phone: '+15055550123',
      comments: '',
      createdAt: stored.createdAt.toISOString(),
    });
    expect(res.body.data.questions).toEqual(stored.questions);
    expect(res.body.data.questions[0]).toEqual({
      question: 'Has the vehicle been in an accident?',
      answer: 'Yes, front end, insurance claim',
    });
    expect(res.body.data.questions[1]).toEqual({ question: 'What is the title status?', answer: 'Rebuilt' });
    expect(res.body.data.questions.map((q: { question: string }) => q.question)).toEqual([...standardQuestions]);
    // A skipped question is left out, not shown blank.
    const laura = await appraiser.act(loadQuestions, { questionnaireId: (await byName('Laura', 'Sanchez')).id });
    expect(laura.body.data.questions).toHaveLength(8);
    expect(laura.body.data.questionnaire.comments).toBe('Just want to know what it is worth; not sure of the VIN.');
    expect(await tableCounts()).toEqual(before);

    expect(await appraiser.act(loadQuestions, { questionnaireId: 999_999 })).toMatchObject({
      status: 404,
      body: { errors: ['That questionnaire does not exist.'] },
    });
    const bad = await appraiser.act(loadQuestions, { questionnaireId: 'x' });
    expect(bad).toMatchObject({ status: 400, body: { errors: ['Questionnaire must be a record number.'] } });
    expect((await appraiser.act(loadQuestions, {})).body.errors).toEqual(['Questionnaire is required.']);
  });

  it('is for appraisers: 403 without the flag, 401 signed out; the flag through a job code is as good', async () => {
    const stored = await byName('Rosa', 'Martinez');
    const other = await t.signedIn(['serviceAdvisor']);
    expect((await other.act(loadReport, {})).status).toBe(403);
    expect((await other.act(loadQuestions, { questionnaireId: stored.id })).status).toBe(403);
    expect((await download(other, '')).statusCode).toBe(403);
    expect((await t.anonymous().act(loadReport, {})).status).toBe(401);
    expect((await download(t.anonymous(), '')).statusCode).toBe(401);
    // Inventory managers hold the flag by their job code.
    const inventory = await t.signedIn([], { jobCode: 'INV' });
    expect((await inventory.act(loadQuestions, { questionnaireId: stored.id })).status).toBe(200);
  });

  it('keeps a New Mexico appraiser to New Mexico leads: the list, the CSV, and a 404 for a lead elsewhere', async () => {
    const nm = await t.signedIn(['appraiser'], { groupWide: false, regions: ['New Mexico'] });
    const newMexico = [loc.ABG, loc.ABH, loc.SFS, loc.LCF];
    const list = await nm.act(loadReport, {});
    expect(list.body.data.rows.length).toBeGreaterThan(0);
    expect(list.body.data.rows.every((r: Row) => newMexico.includes(r.locationId))).toBe(true);
    expect(list.body.data.html).not.toContain('Phoenix Hyundai');
    expect(names(list.body.data.rows)).not.toContain('Michael Johnson');
    expect(await nm.act(loadReport, { locationId: loc.PHX })).toMatchObject({
      status: 404,
      body: { errors: ['That location does not exist.'] },
    });

    const denver = await byName('Michael', 'Johnson');
    expect(await nm.act(loadQuestions, { questionnaireId: denver.id })).toMatchObject({
      status: 404,
      body: { errors: ['That questionnaire does not exist.'] },
    });
    expect((await nm.act(loadQuestions, { questionnaireId: (await byName('Miguel', 'Garcia')).id })).status).toBe(200);

    const csv = await download(nm, '?limit=100000');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Rosa Martinez');
    expect(csv.body).not.toContain('Michael Johnson');
    expect((await download(nm, `?locationId=${loc.DNC}`)).statusCode).toBe(404);
  });

  it('downloads the report as CSV with its filters and labels, 2,000 rows unless a limit is given', async () => {
    const csv = await download(appraiser, `?locationId=${loc.LCF}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Customer');
    expect(lines[0]).toContain('Vehicle');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Miguel Garcia');
    expect(lines[1]).toContain('2019 Ford F-150 XLT');
    expect(lines[1]).toContain('Las Cruces Ford');
    const one = await download(appraiser, '?limit=1');
    expect(one.body.trim().split(/\r?\n/)).toHaveLength(2);
  });

  it('searches a typed phone number by its digits, and anything else as typed', () => {
    expect(searchTerm('(505) 555-0142')).toBe('5055550142');
    expect(searchTerm('+1 505')).toBe('1505');
    expect(searchTerm('12')).toBe('12');
    expect(searchTerm('Rosa')).toBe('Rosa');
    expect(searchTerm('1FT-EW')).toBe('1FT-EW');
  });
});
