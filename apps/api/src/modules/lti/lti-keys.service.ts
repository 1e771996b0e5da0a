import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import {
  isLtiKeyPublished,
  LTI_KEY_ALG,
  LTI_KEY_PUBLISH_DELAY_SECONDS,
  ltiKeyState,
  type LtiRotateInput,
} from '@aula/domain/lti';
import type { AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { decryptSecret, encryptSecret } from '../../lib/secrets';
import { insertAuditEntry } from '../audit/audit.repo';
import * as repo from './lti-keys.repo';

// Aula's LTI signing keys (issue 18 item 1; docs/lti.md). A key is published (in the JWKS) from the moment it is
// created, signs from signs_from, and when the next key takes over it is retired but stays published until every
// token it signed has expired. Provider-level: the 'lti' resource, held by super admins and multi-domain staff with
// lti-management (the route guard checks it).

const audit = (auth: AuthContext, action: string, key: repo.LtiKeyRow, ip: string, details?: unknown) => ({
  actorUserId: auth.user.id,
  accountId: null,
  action,
  entityType: 'lti-key',
  entityId: key.id,
  ip,
  details: { kid: key.kid, ...(details as object | undefined) },
});

/** A fresh RS256 pair: the public JWK (kid = its RFC 7638 thumbprint) and the private JWK encrypted. */
async function generateKey(deps: Deps): Promise<Pick<repo.LtiKeyValues, 'kid' | 'publicJwk' | 'privateJwkEncrypted'>> {
  if (!deps.config.SECRETS_KEY) throw new ConflictError({ key: 'lti.errors.noSecretsKey' });
  const { publicKey, privateKey } = await generateKeyPair(LTI_KEY_ALG, { extractable: true, modulusLength: 2048 });
  const pub = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(pub);
  const publicJwk = { kty: pub.kty, n: pub.n, e: pub.e, kid, alg: LTI_KEY_ALG, use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: LTI_KEY_ALG };
  return { kid, publicJwk, privateJwkEncrypted: encryptSecret(deps.config.SECRETS_KEY, JSON.stringify(privateJwk)) };
}

export function listKeys(deps: Deps) {
  return repo.listKeys(deps.db);
}

export async function getKey(deps: Deps, id: number) {
  const row = await repo.findKey(deps.db, id);
  if (!row) throw new NotFoundError();
  return row;
}

/** A new key, published at once. It signs at once only when no key signs or is scheduled to (the first key). */
export async function createKey(deps: Deps, auth: AuthContext, ip: string, now = new Date()) {
  const fresh = await generateKey(deps);
  return deps.db.transaction(async (tx) => {
    await repo.lockKeys(tx);
    const keys = await repo.listKeys(tx);
    const hasSigner = keys.some((k) => ['active', 'scheduled'].includes(ltiKeyState(k, now)));
    const row = await repo.insertKey(tx, { ...fresh, signsFrom: hasSigner ? null : now });
    await insertAuditEntry(tx, audit(auth, 'lti-key.created', row, ip, { signs: !hasSigner }));
    return row;
  });
}

/**
 * Schedules the next signer: a standby key (key_id) or a fresh one. It signs once it has been published for the
 * publish delay (at once with `immediate`, or when nothing signs now); the current signer retires at that moment.
 */
export async function rotateKeys(deps: Deps, auth: AuthContext, input: LtiRotateInput, ip: string, now = new Date()) {
  const fresh = input.key_id === undefined ? await generateKey(deps) : null;
  return deps.db.transaction(async (tx) => {
    await repo.lockKeys(tx);
    const keys = await repo.listKeys(tx);
    if (keys.some((k) => ltiKeyState(k, now) === 'scheduled'))
      throw new ConflictError({ key: 'lti.errors.rotationPending' });
    const current = currentOf(keys, now);
    let target: repo.LtiKeyRow;
    if (fresh) {
      target = await repo.insertKey(tx, { ...fresh, signsFrom: null });
    } else {
      const found = keys.find((k) => k.id === input.key_id);
      if (!found) throw new NotFoundError();
      if (ltiKeyState(found, now) !== 'standby') throw new ConflictError({ key: 'lti.errors.notStandby' });
      target = found;
    }
    const publishedFor = target.createdAt.getTime() + LTI_KEY_PUBLISH_DELAY_SECONDS * 1000;
    const signsFrom = input.immediate || !current ? now : new Date(Math.max(now.getTime(), publishedFor));
    if (current) await repo.updateKey(tx, current.id, { retiresAt: signsFrom });
    const row = await repo.updateKey(tx, target.id, { signsFrom });
    await insertAuditEntry(
      tx,
      audit(auth, 'lti-key.rotated', row, ip, {
        signs_from: signsFrom.toISOString(),
        replaces: current?.kid ?? null,
        immediate: !!input.immediate,
      }),
    );
    return row;
  });
}

/**
 * The active toggle: deactivating takes a key out of the JWKS (refused for the key that signs now: rotate first;
 * a scheduled key's rotation is called off). Reactivating puts it back as a standby key, published, not signing.
 */
export async function toggleKey(deps: Deps, auth: AuthContext, id: number, ip: string, now = new Date()) {
  return deps.db.transaction(async (tx) => {
    await repo.lockKeys(tx);
    const keys = await repo.listKeys(tx);
    const key = keys.find((k) => k.id === id);
    if (!key) throw new NotFoundError();
    const state = ltiKeyState(key, now);
    if (state === 'deactivated') {
      const row = await repo.updateKey(tx, id, { deactivatedAt: null, signsFrom: null, retiresAt: null });
      await insertAuditEntry(tx, audit(auth, 'lti-key.reactivated', row, ip));
      return row;
    }
    if (state === 'active') throw new ConflictError({ key: 'lti.errors.keySigns' });
    if (state === 'scheduled') {
      const outgoing = keys.find(
        (k) => ltiKeyState(k, now) === 'active' && k.retiresAt?.getTime() === key.signsFrom?.getTime(),
      );
      if (outgoing) await repo.updateKey(tx, outgoing.id, { retiresAt: null });
    }
    const row = await repo.updateKey(tx, id, { deactivatedAt: now });
    await insertAuditEntry(tx, audit(auth, 'lti-key.deactivated', row, ip, { was: state }));
    return row;
  });
}

/** Only a key nobody can still verify against (deactivated, or retired past its publish window) may be deleted. */
export async function deleteKey(deps: Deps, auth: AuthContext, id: number, ip: string, now = new Date()) {
  await deps.db.transaction(async (tx) => {
    await repo.lockKeys(tx);
    const key = await repo.findKey(tx, id);
    if (!key) throw new NotFoundError();
    if (isLtiKeyPublished(ltiKeyState(key, now))) throw new ConflictError({ key: 'lti.errors.keyPublished' });
    await repo.deleteKey(tx, id);
    await insertAuditEntry(tx, audit(auth, 'lti-key.deleted', key, ip));
  });
}

function currentOf(keys: repo.LtiKeyRow[], now: Date): repo.LtiKeyRow | undefined {
  return keys
    .filter((k) => ltiKeyState(k, now) === 'active')
    .sort((a, b) => b.signsFrom!.getTime() - a.signsFrom!.getTime())[0];
}

/** The public JWKS: every published key's public half, in creation order. */
export async function publicJwks(deps: Deps, now = new Date()): Promise<{ keys: JWK[] }> {
  const keys = await repo.listKeys(deps.db);
  return { keys: keys.filter((k) => isLtiKeyPublished(ltiKeyState(k, now))).map((k) => ({ ...k.publicJwk })) };
}

export interface SigningKey {
  kid: string;
  alg: typeof LTI_KEY_ALG;
  privateKey: CryptoKey;
}

// Decrypted private keys by kid: a key's private half never changes, so it is imported once per process.
const imported = new Map<string, Promise<CryptoKey>>();

/**
 * The key Aula signs LTI messages with now (launch replies, deep-linking responses, AGS client assertions): put
 * `kid` in the JWT header. Throws a 409 when no key signs (none created yet, or all deactivated).
 */
export async function currentSigningKey(deps: Pick<Deps, 'db' | 'config'>, now = new Date()): Promise<SigningKey> {
  const current = currentOf(await repo.listKeys(deps.db), now);
  if (!current) throw new ConflictError({ key: 'lti.errors.noSigningKey' });
  let key = imported.get(current.kid);
  if (!key) {
    const jwk = JSON.parse(decryptSecret(deps.config.SECRETS_KEY, current.privateJwkEncrypted)) as JWK;
    key = importJWK(jwk, LTI_KEY_ALG) as Promise<CryptoKey>;
    imported.set(current.kid, key);
    key.catch(() => imported.delete(current.kid));
  }
  return { kid: current.kid, alg: LTI_KEY_ALG, privateKey: await key };
}
