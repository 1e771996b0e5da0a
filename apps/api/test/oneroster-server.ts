import { createHmac, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { SignJWT, generateKeyPair, jwtVerify, type CryptoKey } from 'jose';
import { COLLECTIONS, fixtureAsOneRosterJson, type Collection, type OneRosterJson } from './oneroster-fixture-json';
import { fixturePath } from './paths';

// A real OneRoster 1.1 REST server for the roster source tests (DESIGN.md 1, "test servers"): Fastify on a random
// port serving a fixture zip as JSON with limit/offset paging and X-Total-Count, behind an OAuth 2 client
// credentials token endpoint whose JWTs (signed with its own key by jose) every data call verifies: signature,
// expiry, issuer and audience. With auth 'oauth1' it is ClassLink's Roster Server instead: no token endpoint use,
// every data call must carry an OAuth 1.0a HMAC-SHA256 signature (RFC 5849) made with the consumer key and secret,
// a timestamp within 5 minutes and a nonce not seen before (verifyOAuth1 below). The knobs make it misbehave the
// ways a district's server does.

export const ONEROSTER_PATH = '/ims/oneroster/v1p1';

export interface OneRosterServerKnobs {
  /** oauth2: bearer JWTs from /token; oauth1: OAuth 1.0a signed requests (ClassLink) */
  auth: 'oauth2' | 'oauth1';
  clientId: string;
  clientSecret: string;
  /** lifetime of the JWTs it signs; expires_in says the same unless reportedExpiresIn says otherwise */
  tokenLifetimeSeconds: number;
  reportedExpiresIn: number | null;
  /** the first n tokens it issues are already expired (the client believes expires_in) */
  expiredTokens: number;
  /** answer this status for this collection at this offset */
  failAt: { collection: Collection; offset: number; status: number } | null;
  /** the most rows one page returns, whatever limit asks */
  maxPageSize: number;
  /** leave X-Total-Count out */
  omitTotalCount: boolean;
  /** collections answered 404 (a server without demographics, say) */
  missing: Collection[];
  /** wait this long before answering a data call */
  delayMs: number;
}

export interface OneRosterServer {
  /** the root a district admin types as the endpoint URL (data under /ims/oneroster/v1p1, token at /token) */
  url: string;
  tokenUrl: string;
  data: OneRosterJson;
  knobs: OneRosterServerKnobs;
  /** what it saw: tokens issued and data calls with their status */
  log: {
    tokens: number;
    calls: {
      collection: string;
      offset: number;
      limit: number;
      status: number;
      tenant: string | null;
      /** why a call was refused (401) */
      refusal?: string;
    }[];
  };
  close(): Promise<void>;
}

export const FIXTURE_ZIPS = {
  minimal: 'Test_minimal_data_set.zip',
  full: 'oneroster_test_data.zip',
} as const;

export async function startOneRosterServer(
  opts: { fixture?: keyof typeof FIXTURE_ZIPS } & Partial<OneRosterServerKnobs> = {},
): Promise<OneRosterServer> {
  const { fixture = 'minimal', ...overrides } = opts;
  const knobs: OneRosterServerKnobs = {
    auth: 'oauth2',
    clientId: 'aula-test-client',
    clientSecret: 'aula-test-secret-0123456789',
    tokenLifetimeSeconds: 3600,
    reportedExpiresIn: null,
    expiredTokens: 0,
    failAt: null,
    maxPageSize: 100,
    omitTotalCount: false,
    missing: [],
    delayMs: 0,
    ...overrides,
  };
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const app: FastifyInstance = Fastify({ logger: false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  // known once it listens (a random port); routes must be added before that
  let url = '';
  let audience = '';
  let data = {} as OneRosterJson;
  const log: OneRosterServer['log'] = { tokens: 0, calls: [] };
  const seenNonces = new Set<string>();

  // a tenant's server under /<tenant> too (ClassLink's Roster Server serves each district under its tenant)
  const token = async (req: FastifyRequest, reply: FastifyReply) => {
    const body = (req.body ?? {}) as Record<string, string>;
    let id = body.client_id;
    let secret = body.client_secret;
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
    if (basic) {
      const [u, p] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
      id = decodeURIComponent(u ?? '');
      secret = decodeURIComponent(p ?? '');
    }
    if (body.grant_type !== 'client_credentials') return reply.status(400).send({ error: 'unsupported_grant_type' });
    if (id !== knobs.clientId || secret !== knobs.clientSecret)
      return reply.status(401).send({ error: 'invalid_client' });
    log.tokens += 1;
    const now = Math.floor(Date.now() / 1000);
    const exp = log.tokens <= knobs.expiredTokens ? now - 60 : now + knobs.tokenLifetimeSeconds;
    const token = await sign(privateKey, { iss: url, aud: audience, sub: id, iat: now, exp });
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: knobs.reportedExpiresIn ?? knobs.tokenLifetimeSeconds,
      scope: body.scope ?? '',
    };
  };
  app.post('/token', token);
  app.post('/:tenant/token', token);

  type DataRequest = FastifyRequest<{
    Params: { collection: string; tenant?: string };
    Querystring: { limit?: string; offset?: string };
  }>;
  const dataCall = async (req: DataRequest, reply: FastifyReply) => {
    const collection = req.params.collection as Collection;
    const limit = Math.min(Number(req.query.limit ?? 100) || 100, knobs.maxPageSize);
    const offset = Number(req.query.offset ?? 0) || 0;
    const answer = (status: number, body: unknown, refusal?: string) => {
      log.calls.push({
        collection,
        offset,
        limit,
        status,
        tenant: req.params.tenant ?? null,
        ...(refusal ? { refusal } : {}),
      });
      return reply.status(status).send(body);
    };
    if (knobs.delayMs) await new Promise((r) => setTimeout(r, knobs.delayMs));
    try {
      if (knobs.auth === 'oauth1') {
        verifyOAuth1(req.method, `${url}${req.url}`, req.headers.authorization ?? '', knobs, seenNonces);
      } else {
        const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '');
        if (!bearer) throw new Error('no bearer token');
        await jwtVerify(bearer[1]!, publicKey, { issuer: url, audience });
      }
    } catch (err) {
      const reason = (err as Error).message;
      return answer(401, { imsx_codeMajor: 'failure', imsx_description: reason }, reason);
    }
    if (!COLLECTIONS.includes(collection) || knobs.missing.includes(collection))
      return answer(404, { imsx_codeMajor: 'failure', imsx_description: 'unknown collection' });
    if (knobs.failAt && knobs.failAt.collection === collection && knobs.failAt.offset === offset)
      return answer(knobs.failAt.status, { imsx_codeMajor: 'failure', imsx_description: 'server error' });
    const all = data[collection];
    if (!knobs.omitTotalCount) void reply.header('X-Total-Count', String(all.length));
    return answer(200, { [collection]: all.slice(offset, offset + limit) });
  };
  app.get(`${ONEROSTER_PATH}/:collection`, dataCall);
  app.get(`/:tenant${ONEROSTER_PATH}/:collection`, dataCall);

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  audience = `${url}${ONEROSTER_PATH}`;
  data = await fixtureAsOneRosterJson(fixturePath('oneroster', FIXTURE_ZIPS[fixture]), audience);

  return {
    url,
    tokenUrl: `${url}/token`,
    data,
    knobs,
    log,
    close: () => app.close(),
  };
}

function sign(key: CryptoKey, claims: { iss: string; aud: string; sub: string; iat: number; exp: number }) {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256' })
    .setIssuer(claims.iss)
    .setAudience(claims.aud)
    .setSubject(claims.sub)
    .setIssuedAt(claims.iat)
    .setExpirationTime(claims.exp)
    .sign(key);
}

// RFC 5849 percent-encoding: only ALPHA, DIGIT and -._~ stay as they are
const pct = (v: string) =>
  Array.from(new TextEncoder().encode(v), (b) =>
    /[A-Za-z0-9\-._~]/.test(String.fromCharCode(b))
      ? String.fromCharCode(b)
      : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
  ).join('');

/**
 * The server's side of OAuth 1.0a (RFC 5849 3.2): parse the OAuth header, check the consumer key, the method
 * HMAC-SHA256, the timestamp (5 minutes) and the nonce (once), rebuild the signature base string from the request as
 * received and compare the HMAC keyed with the consumer secret. Throws the reason a real server would refuse.
 */
export function verifyOAuth1(
  method: string,
  fullUrl: string,
  header: string,
  creds: { clientId: string; clientSecret: string },
  seenNonces: Set<string>,
): void {
  const m = /^OAuth\s+(.*)$/is.exec(header);
  if (!m) throw new Error('no OAuth authorization header');
  const params = new Map<string, string>();
  for (const part of m[1]!.split(',')) {
    const kv = /^\s*([^=\s]+)="([^"]*)"\s*$/.exec(part);
    if (!kv) throw new Error('malformed OAuth header');
    params.set(decodeURIComponent(kv[1]!), decodeURIComponent(kv[2]!));
  }
  if (params.get('oauth_consumer_key') !== creds.clientId) throw new Error('unknown consumer key');
  if (params.get('oauth_signature_method') !== 'HMAC-SHA256') throw new Error('signature method must be HMAC-SHA256');
  const version = params.get('oauth_version');
  if (version !== undefined && version !== '1.0') throw new Error('bad oauth_version');
  const ts = Number(params.get('oauth_timestamp'));
  if (!Number.isInteger(ts) || Math.abs(Date.now() / 1000 - ts) > 300) throw new Error('timestamp out of range');
  const nonce = params.get('oauth_nonce');
  if (!nonce) throw new Error('no nonce');
  if (seenNonces.has(`${ts}:${nonce}`)) throw new Error('nonce used before');
  const given = params.get('oauth_signature');
  if (!given) throw new Error('no signature');

  const u = new URL(fullUrl);
  // sorted by encoded name, then encoded value (RFC 5849 3.4.1.3.2)
  const pairs: [string, string][] = [...u.searchParams, ...params]
    .filter(([k]) => k !== 'oauth_signature' && k !== 'realm')
    .map(([k, v]) => [pct(k), pct(v)]);
  pairs.sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1));
  const normalized = pairs.map(([k, v]) => `${k}=${v}`).join('&');
  const base = `${method.toUpperCase()}&${pct(`${u.protocol}//${u.host}${u.pathname}`)}&${pct(normalized)}`;
  const expected = createHmac('sha256', `${pct(creds.clientSecret)}&`)
    .update(base)
    .digest();
  const got = Buffer.from(given, 'base64');
  if (got.length !== expected.length || !timingSafeEqual(got, expected)) throw new Error('signature mismatch');
  seenNonces.add(`${ts}:${nonce}`);
}
