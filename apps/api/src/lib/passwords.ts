import { hash, verify } from '@node-rs/argon2';

// argon2id at m=7 MiB, t=5, p=1: one of OWASP's equivalent settings (with m=19 MiB, t=2 or m=12 MiB, t=3). On the
// bench machine it costs about a quarter less CPU per sign-in than 19 MiB, t=2, and each verify in flight holds 7 MiB
// instead of 19 MiB (the thread pool runs four at once, and glibc keeps the freed blocks resident): docs/performance.md.
const ARGON2ID = 2;
const MEMORY_KIB = 7 * 1024;
const TIME_COST = 5;
const PARALLELISM = 1;
/** how a hash made with the current setting starts */
const CURRENT_PARAMS = `$argon2id$v=19$m=${MEMORY_KIB},t=${TIME_COST},p=${PARALLELISM}$`;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: MEMORY_KIB, timeCost: TIME_COST, parallelism: PARALLELISM });
}

/** A stored hash made with another setting (an older one): sign-in hashes the password again with the current one. */
export function needsRehash(passwordHash: string): boolean {
  return !passwordHash.startsWith(CURRENT_PARAMS);
}

// Verified against when no user matches, so a wrong login costs as long as a wrong password
// and the response time does not tell which accounts exist.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('not-a-real-password-1!');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
