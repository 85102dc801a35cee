/**
 * The users module's public handles, isomorphic (the shell reads them): the password step's, without
 * the validation library. The sign-in screen, the first one most people load, sends and reads through
 * these, and users.contract.ts declares the same paths and titles with their schemas (the server
 * checks with those).
 */
import { serverChecked } from '../../shared/serverChecked';
import type { authenticate as authenticateContract, signInFactors as signInFactorsContract } from './users.contract';

export const signInPaths = { authenticate: 'users/authenticate', factors: 'users/2fa-factors' } as const;
export const signInTitles = { username: 'Username or email' } as const;

export const authenticate = serverChecked<typeof authenticateContract>(signInPaths.authenticate, signInTitles);
export const signInFactors = serverChecked<typeof signInFactorsContract>(signInPaths.factors);
