import { describe, expect, it } from 'vitest';
import { httpInsurance, simulatedAnswer, type QuoteRequest } from './insurance';

const request: QuoteRequest = {
  carrier: 'geico',
  coverage: 'full',
  termMonths: 6,
  zip: '87107',
  dateOfBirth: '1990-06-15',
  customer: { name: 'Rosa Martinez', email: 'rosa@example.com', phone: '+15055550142' },
  vehicle: { vin: '2T3P1RFV3NW281734', description: '2022 Toyota RAV4 XLE' },
  store: 'Albuquerque Toyota',
};
const today = new Date('2026-11-27T12:00:00Z');

describe('the local driver’s answer', () => {
  it('prices like a carrier: the same request the same premium, younger drivers and full cover more, six months half a year', () => {
    const six = simulatedAnswer(request, today);
    expect(six).toEqual(simulatedAnswer(request, today));
    const year = simulatedAnswer({ ...request, termMonths: 12 }, today) as { premiumCents: number };
    const sixCents = (six as { premiumCents: number }).premiumCents;
    expect(Math.abs(year.premiumCents / 2 - sixCents)).toBeLessThanOrEqual(100);
    const young = simulatedAnswer({ ...request, dateOfBirth: '2006-01-01' }, today) as { premiumCents: number };
    expect(young.premiumCents).toBeGreaterThan(sixCents);
    const liability = simulatedAnswer({ ...request, coverage: 'liability' }, today) as { premiumCents: number };
    expect(liability.premiumCents).toBeLessThan(sixCents);
    expect(simulatedAnswer({ ...request, zip: '99999' }, today).status).toBe('declined');
    expect(simulatedAnswer({ ...request, dateOfBirth: '2012-01-01' }, today).status).toBe('declined');
  });
});

describe('the HTTP driver', () => {
  const replies = (...bodies: [number, unknown][]) => {
    const sent: { url: string; init?: RequestInit }[] = [];
    const fetcher = (async (url: string, init?: RequestInit) => {
      sent.push({ url, init });
      const [status, body] = bodies.shift()!;
      return new Response(JSON.stringify(body), { status });
    }) as typeof fetch;
    return { sent, fetcher };
  };

  it('posts the request with the key and reads the answer by reference', async () => {
    const { sent, fetcher } = replies(
      [201, { reference: 'Q-77' }],
      [200, { status: 'pending' }],
      [200, { status: 'quoted', premiumCents: 64_200 }],
    );
    const driver = httpInsurance('https://partner.example.com/v1/', 'secret-key-1', fetcher);
    expect(await driver.requestQuote(null as never, request)).toEqual({ reference: 'Q-77' });
    expect(sent[0].url).toBe('https://partner.example.com/v1/quotes');
    expect((sent[0].init?.headers as Record<string, string>).authorization).toBe('Bearer secret-key-1');
    expect(JSON.parse(String(sent[0].init?.body))).toMatchObject({ carrier: 'geico', zip: '87107' });
    expect(await driver.fetchQuote(null as never, 'Q-77')).toEqual({ status: 'pending' });
    expect(await driver.fetchQuote(null as never, 'Q-77')).toEqual({ status: 'quoted', premiumCents: 64_200 });
    expect(sent[2].url).toBe('https://partner.example.com/v1/quotes/Q-77');
  });

  it('answers 502 with a sentence when the partner fails or says nothing usable', async () => {
    const down = httpInsurance(
      'https://partner.example.com',
      'secret-key-1',
      replies([503, { error: 'down' }]).fetcher,
    );
    await expect(down.requestQuote(null as never, request)).rejects.toMatchObject({
      status: 502,
      message: 'The insurance partner did not answer; try again in a few minutes.',
    });
    const odd = httpInsurance(
      'https://partner.example.com',
      'secret-key-1',
      replies([200, { status: 'maybe' }]).fetcher,
    );
    await expect(odd.fetchQuote(null as never, 'Q-1')).rejects.toMatchObject({ status: 502 });
  });
});
