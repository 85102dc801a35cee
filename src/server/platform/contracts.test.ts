import { describe, expect, it } from 'vitest';
import '../modules';
import { actionRegistry, actionRoute } from './actions';

/**
 * The contract is the seam between screens and server (src/shared/contract.ts): every action is
 * declared with its reply, so the API tests check each reply against it and OpenAPI shows it.
 */
describe('every action is declared by a contract', () => {
  it('has a reply schema, lists included', () => {
    const undeclared = [...actionRegistry.values()].filter((action) => !action.output).map(actionRoute);
    expect(undeclared).toEqual([]);
  });
});
