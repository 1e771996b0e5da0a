import type { RosterRowError, RosterSnapshot } from '@aula/domain/rostering';
import type { Config } from '../../../config';
import type { DbOrTx } from '../../../db/client';
import { NotFoundError } from '../../../lib/errors';
import { decryptSecret } from '../../../lib/secrets';
import { findConfig } from '../../sso-configs/sso-configs.repo';
import {
  CLEVER_TOKENS_URL,
  cleverConnection,
  cleverRoot,
  readCleverCollections,
  type CleverApp,
} from './clever-client';
import { mapCleverJson } from './clever-map';
import { connectionUrls, fetchCollection, type ClientOptions, type OneRosterConnection } from './oneroster-client';
import { mapOneRosterJson, type OneRosterCollections } from './oneroster-map';
import { RosterSourceError, sourceError } from './roster-source-error';
import * as repo from './sources.repo';

// Reading a roster source whole: every collection, mapped to the RosterSnapshot the queue stages. Any collection
// that fails fails the read (nothing half-returned), except demographics, which many servers do not offer.

export interface SourceReadDeps {
  db: DbOrTx;
  config: Pick<Config, 'SECRETS_KEY'>;
}

export interface SourceRead {
  snapshot: RosterSnapshot;
  errors: RosterRowError[];
}

const ORDER: (keyof OneRosterCollections)[] = [
  'orgs',
  'academicSessions',
  'courses',
  'classes',
  'users',
  'enrollments',
  'demographics',
];

/** The stored secret in clear; one that no longer decrypts (SECRETS_KEY changed) fails the read, nothing is sent. */
export function secretOf(config: Pick<Config, 'SECRETS_KEY'>, encrypted: string): string {
  try {
    return decryptSecret(config.SECRETS_KEY, encrypted);
  } catch {
    throw sourceError('secretUnreadable');
  }
}

export function connectionOf(
  config: Pick<Config, 'SECRETS_KEY'>,
  row: Pick<
    repo.RosterSourceRow,
    'endpointUrl' | 'tokenUrl' | 'tenant' | 'clientId' | 'clientSecretEncrypted' | 'authorizationType'
  >,
): OneRosterConnection {
  const clientSecret = secretOf(config, row.clientSecretEncrypted);
  return {
    ...connectionUrls(row.endpointUrl, row.tokenUrl, row.tenant),
    clientId: row.clientId,
    clientSecret,
    auth: row.authorizationType === 'oauth1' ? 'oauth1' : 'oauth2',
  };
}

/** A Clever source's settings: the API root, Clever's district-token endpoint, the app's credentials, the district. */
export function cleverAppOf(
  row: { endpointUrl: string; tokenUrl: string | null; tenant: string | null; clientId: string },
  clientSecret: string,
): CleverApp {
  if (!row.tenant) throw sourceError('cleverNoDistrictId');
  return {
    root: cleverRoot(row.endpointUrl),
    tokensUrl: row.tokenUrl || CLEVER_TOKENS_URL,
    clientId: row.clientId,
    clientSecret,
    districtId: row.tenant,
  };
}

/**
 * How a source is read (issue 17 item 4): a source naming Clever as its SSO provider is read from Clever's Data API
 * with the district token Clever gives the app's credentials for the district; every other source, ClassLink's
 * Roster Server included, is OneRoster REST (ClassLink's signed with OAuth 1.0a). ClassLink's tenant, when the
 * source leaves it empty, is the one of the district's ClassLink SSO settings.
 */
export type SourceConnection =
  { provider: 'oneroster'; conn: OneRosterConnection } | { provider: 'clever'; app: CleverApp };

export async function sourceConnectionOf(
  deps: SourceReadDeps,
  row: Pick<
    repo.RosterSourceRow,
    | 'accountId'
    | 'endpointUrl'
    | 'tokenUrl'
    | 'tenant'
    | 'clientId'
    | 'clientSecretEncrypted'
    | 'ssoProvider'
    | 'authorizationType'
  >,
): Promise<SourceConnection> {
  if (row.ssoProvider === 'clever')
    return { provider: 'clever', app: cleverAppOf(row, secretOf(deps.config, row.clientSecretEncrypted)) };
  const tenant = row.tenant || (row.ssoProvider === 'classlink' ? await classLinkTenant(deps.db, row.accountId) : null);
  return { provider: 'oneroster', conn: connectionOf(deps.config, { ...row, tenant }) };
}

export async function classLinkTenant(db: DbOrTx, accountId: number): Promise<string | null> {
  return (await findConfig(db, { kind: 'account', id: accountId }, 'classlink'))?.tenant ?? null;
}

export async function readSourceConnection(source: SourceConnection, opts: ClientOptions = {}): Promise<SourceRead> {
  if (source.provider === 'clever')
    return mapCleverJson(await readCleverCollections(await cleverConnection(source.app, opts), opts));
  return readConnection(source.conn, opts);
}

export async function readConnection(conn: OneRosterConnection, opts: ClientOptions = {}): Promise<SourceRead> {
  const raw = {} as OneRosterCollections;
  const errors: RosterRowError[] = [];
  for (const name of ORDER) {
    try {
      raw[name] = await fetchCollection(conn, name, opts);
    } catch (err) {
      const optional = name === 'demographics' && err instanceof RosterSourceError && err.ref.key.endsWith('.notFound');
      if (!optional) throw err;
      raw[name] = [];
      errors.push({ file: name, row: null, column: null, message: err.message, severity: 'warning' });
    }
  }
  const mapped = mapOneRosterJson(raw);
  return { snapshot: mapped.snapshot, errors: [...errors, ...mapped.errors] };
}

/** The whole roster of one source, as a snapshot and its row errors; throws RosterSourceError when unreadable. */
export async function readRosterSource(
  deps: SourceReadDeps,
  sourceId: number,
  opts: ClientOptions = {},
): Promise<SourceRead> {
  const row = await repo.findSource(deps.db, sourceId);
  if (!row) throw new NotFoundError();
  return readSourceConnection(await sourceConnectionOf(deps, row), opts);
}

/**
 * What the queue needs to stage an import from a source (create queue item from source, refresh staged data, the
 * nightly run): the account, the snapshot and its row errors. An inactive source is refused; a successful read
 * is stamped as the source's last run.
 */
export async function fetchSourceSnapshot(
  deps: SourceReadDeps,
  sourceId: number,
  opts: ClientOptions = {},
): Promise<SourceRead & { accountId: number; sourceId: number }> {
  const row = await repo.findSource(deps.db, sourceId);
  if (!row) throw new NotFoundError();
  if (!row.isActive) throw sourceError('inactive');
  const read = await readSourceConnection(await sourceConnectionOf(deps, row), opts);
  await repo.stampLastRun(deps.db, row.id, new Date());
  return { ...read, accountId: row.accountId, sourceId: row.id };
}
