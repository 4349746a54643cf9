// Password hashing for the whole suite: the platform hashes (users), auth verifies (login).
// Its own lib, not libs/authz: authz checks credentials on every request and never sees a password.
export { ARGON2ID_PARAMETERS, hashPassword, verifyPassword } from './password-hashing';
