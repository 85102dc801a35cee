import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { actionRoute } from './actions';
import { registeredActions } from '../../../tests/registries';
import { testApp, type Caller, type TestApp } from '../../../tests/helpers';
import { allFlags } from '../../shared/permissions';

/**
 * The contract is the seam between screens and server (src/shared/contract.ts): every action is
 * declared with its reply, so the API tests check each reply against it and OpenAPI shows it.
 */
describe('every action is declared by a contract', () => {
  it('has a reply schema, lists included', () => {
    const undeclared = [...registeredActions().values()].filter((action) => !action.output).map(actionRoute);
    expect(undeclared).toEqual([]);
  });
});

describe('every reply schema reads what the demo answers', () => {
  let t: TestApp;
  let all: Caller;
  beforeAll(async () => {
    t = await testApp();
    all = await t.signedIn([...allFlags], { groupWide: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('parses the demo reply of every read that needs no input: every list, report and picker', async () => {
    const reads = [...registeredActions().values()].filter(
      (a) => a.readOnly && !['public', 'pending'].includes(a.permission) && z.safeParse(a.input, {}).success,
    );
    expect(reads.length).toBeGreaterThan(60);
    const failed: string[] = [];
    let parsed = 0;
    for (const action of reads) {
      const res = await all.call(actionRoute(action), {});
      // A check that needs one of several fields (a VIN or a batch of them) refuses with its sentence.
      if (res.status === 400 && res.body.errors[0]) continue;
      const reply = z.safeParse(action.output!, res.body.data);
      if (res.status !== 200 || !reply.success)
        failed.push(`${action.path}: ${res.status} ${res.body.errors?.[0] ?? reply.error?.message ?? ''}`);
      else parsed += 1;
    }
    expect(failed).toEqual([]);
    expect(parsed).toBeGreaterThan(60);
  });
});
