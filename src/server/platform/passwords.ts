/**
 * Passwords are stored as Argon2id hashes. The platform owns the algorithm: its demo seed creates the
 * administrator, and the users module's sign-in, password changes and user forms hash and verify
 * through here.
 */
import { createHash } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

export const hashPassword = (password: string) => hash(password, { algorithm: 2 });

/** Whether `password` is the one `passwordHash` was made from. */
export const verifyPassword = (passwordHash: string, password: string) => verify(passwordHash, password);

/**
 * A random token a person holds (an API key, a password-reset link) is stored as its SHA-256: with 256
 * random bits it needs no slow hash, and a stolen table gives nobody the token.
 */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
