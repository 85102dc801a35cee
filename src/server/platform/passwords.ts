/**
 * Passwords are stored as Argon2id hashes. The platform owns the algorithm: its demo seed creates the
 * administrator, and the users module's sign-in, password changes and user forms hash and verify
 * through here.
 */
import { hash, verify } from '@node-rs/argon2';

export const hashPassword = (password: string) => hash(password, { algorithm: 2 });

/** Whether `password` is the one `passwordHash` was made from. */
export const verifyPassword = (passwordHash: string, password: string) => verify(passwordHash, password);
