import { request, type ClientOptions } from './oneroster-client';
import { sourceError } from './roster-source-error';

// Clever's Data API v3.0 (issue 17 item 4): a district's roster read with its district token, the bearer token
// Clever issues to the app for that district. The token is not typed in: it is asked of Clever's district-token
// endpoint with the app's client id and secret (HTTP Basic, owner_type=district, the district's Clever id) at the
// start of every read. Collections come as { data: [{ data: {...} }], links: [{ rel, uri }] } and are paged by
// following the link rel=next (starting_after=<last id>) until there is none. Every failure is a RosterSourceError
// naming what failed; a collection is returned whole or not at all.

export const CLEVER_API_PATH = '/v3.0';
export const CLEVER_API_ROOT = 'https://api.clever.com';
/** Clever's district-token endpoint (the app's tokens, one per district that shared data with it) */
export const CLEVER_TOKENS_URL = 'https://clever.com/oauth/tokens';

export interface CleverConnection {
  /** the API root, without /v3.0 (https://api.clever.com) */
  root: string;
  /** the district token */
  token: string;
}

/** What a Clever source stores: the app's credentials and the district's Clever id. */
export interface CleverApp {
  root: string;
  tokensUrl: string;
  clientId: string;
  clientSecret: string;
  /** the district's Clever id (the source's tenant) */
  districtId: string;
}

/**
 * The district token from Clever's district-token endpoint: GET ?owner_type=district&district=<id> with the app's
 * client id and secret as HTTP Basic. Of the tokens answered, only the one whose owner is that district is taken.
 */
export async function cleverDistrictToken(app: CleverApp, opts: ClientOptions = {}): Promise<string> {
  const url = new URL(app.tokensUrl);
  url.searchParams.set('owner_type', 'district');
  url.searchParams.set('district', app.districtId);
  const basic = Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64');
  const res = await request(
    url.toString(),
    { headers: { authorization: `Basic ${basic}`, accept: 'application/json' } },
    opts,
    'token',
  );
  if (res.status === 400 || res.status === 401 || res.status === 403) {
    await res.body?.cancel();
    throw sourceError('cleverAppRefused');
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw sourceError('tokenStatus', { status: res.status });
  }
  const body = (await res.json().catch(() => null)) as { data?: unknown } | null;
  if (!body || !Array.isArray(body.data)) throw sourceError('noToken');
  const entry = (body.data as { owner?: { type?: unknown; id?: unknown }; access_token?: unknown }[]).find(
    (d) => d?.owner?.type === 'district' && d.owner.id === app.districtId,
  );
  if (!entry) throw sourceError('cleverNoDistrict', { district: app.districtId });
  if (typeof entry.access_token !== 'string' || !entry.access_token) throw sourceError('noToken');
  return entry.access_token;
}

/** The app's credentials turned into a connection for one read: the district token asked of Clever. */
export async function cleverConnection(app: CleverApp, opts: ClientOptions = {}): Promise<CleverConnection> {
  return { root: app.root, token: await cleverDistrictToken(app, opts) };
}

/** The endpoint URL a district admin types: Clever's API root, or the /v3.0 data root itself. */
export function cleverRoot(endpointUrl: string): string {
  const trimmed = endpointUrl.replace(/\/+$/, '');
  return trimmed.endsWith(CLEVER_API_PATH) ? trimmed.slice(0, -CLEVER_API_PATH.length) : trimmed;
}

/** Collections Aula reads: path and query as Clever names them. */
export const CLEVER_COLLECTIONS = {
  schools: 'schools',
  sections: 'sections',
  teachers: 'users?role=teacher',
  students: 'users?role=student',
} as const;
export type CleverCollection = keyof typeof CLEVER_COLLECTIONS;

const DEFAULT_PAGE_SIZE = 1000;
const MAX_ROWS_PER_COLLECTION = 5_000_000;

export interface CleverPage {
  rows: Record<string, unknown>[];
  next: string | null;
}

/** One page at an absolute URL of the same origin as the root (the token never goes to another host). */
export async function fetchCleverPage(
  c: CleverConnection,
  url: string,
  collection: string,
  offset: number,
  opts: ClientOptions = {},
): Promise<CleverPage> {
  const res = await request(
    url,
    { headers: { authorization: `Bearer ${c.token}`, accept: 'application/json' } },
    opts,
    collection,
  );
  if (res.status === 401 || res.status === 403) {
    await res.body?.cancel();
    throw sourceError('districtTokenRefused', { collection });
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw sourceError(res.status === 404 ? 'notFound' : 'pageStatus', { status: res.status, collection, offset });
  }
  const body = (await res.json().catch(() => null)) as { data?: unknown; links?: unknown } | null;
  if (!body || !Array.isArray(body.data)) throw sourceError('badPage', { collection, offset });
  const rows = body.data.map((item: unknown) => {
    const inner = item && typeof item === 'object' ? (item as { data?: unknown }).data : undefined;
    if (!inner || typeof inner !== 'object') throw sourceError('badPage', { collection, offset });
    return inner as Record<string, unknown>;
  });
  const links = Array.isArray(body.links) ? (body.links as { rel?: unknown; uri?: unknown }[]) : [];
  const uri = links.find((l) => l?.rel === 'next' && typeof l.uri === 'string')?.uri as string | undefined;
  return { rows, next: uri ? nextUrl(c, uri, collection, offset) : null };
}

function nextUrl(c: CleverConnection, uri: string, collection: string, offset: number): string {
  const next = /^https?:\/\//i.test(uri) ? uri : `${c.root}${uri.startsWith('/') ? '' : '/'}${uri}`;
  if (new URL(next).origin !== new URL(c.root).origin) throw sourceError('badPage', { collection, offset });
  return next;
}

export function firstPageUrl(c: CleverConnection, collection: CleverCollection, limit: number): string {
  const path = CLEVER_COLLECTIONS[collection];
  return `${c.root}${CLEVER_API_PATH}/${path}${path.includes('?') ? '&' : '?'}limit=${limit}`;
}

/** Every row of a collection, following rel=next; a link that repeats a page already read ends in an error. */
export async function fetchCleverCollection(
  c: CleverConnection,
  collection: CleverCollection,
  opts: ClientOptions = {},
): Promise<Record<string, unknown>[]> {
  const all: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  let url: string | null = firstPageUrl(c, collection, opts.pageSize ?? DEFAULT_PAGE_SIZE);
  while (url) {
    if (seen.has(url)) throw sourceError('badPage', { collection, offset: all.length });
    seen.add(url);
    const page: CleverPage = await fetchCleverPage(c, url, collection, all.length, opts);
    all.push(...page.rows);
    if (all.length > MAX_ROWS_PER_COLLECTION)
      throw sourceError('tooManyRows', { collection, max: MAX_ROWS_PER_COLLECTION });
    url = page.rows.length === 0 ? null : page.next;
  }
  return all;
}

export type CleverCollections = Record<CleverCollection, Record<string, unknown>[]>;

export async function readCleverCollections(c: CleverConnection, opts: ClientOptions = {}): Promise<CleverCollections> {
  const out = {} as CleverCollections;
  for (const name of Object.keys(CLEVER_COLLECTIONS) as CleverCollection[])
    out[name] = await fetchCleverCollection(c, name, opts);
  return out;
}
