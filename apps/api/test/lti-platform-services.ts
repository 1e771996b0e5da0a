import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import {
  AGS_LINE_ITEM_MEDIA_TYPE,
  AGS_SCOPES,
  AGS_SCORE_MEDIA_TYPE,
  NRPS_MEDIA_TYPE,
  NRPS_SCOPE,
} from '@aula/domain/lti-services';

// An LTI platform's Advantage services for the AGS/NRPS tests (issue 18 items 5-6), a real Fastify server on
// 127.0.0.1 that the test starts: the OAuth 2 token endpoint verifies Aula's JWT client assertion against Aula's
// public JWKS, fetched over HTTP from Aula's /lti/jwks; the AGS line items and scores endpoints and the NRPS
// memberships endpoint check the bearer token and its scopes, and record what they receive. docs/lti.md.

export interface NrpsMember {
  user_id: string;
  status?: 'Active' | 'Inactive' | 'Deleted';
  roles: string[];
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  lis_person_sourcedid?: string;
}

export interface ReceivedScore {
  lineItem: string;
  contentType: string;
  body: Record<string, unknown>;
}

export interface TokenRequest {
  ok: boolean;
  /** why the token endpoint refused, if it did */
  error?: string;
  scope: string;
  kid?: string;
}

export interface PlatformServices {
  base: string;
  issuer: string;
  clientId: string;
  tokenUrl: string;
  lineItemsUrl(context: string): string;
  lineItemUrl(context: string, id: string): string;
  membershipsUrl(context: string): string;
  /** what each endpoint received, in order */
  tokenRequests: TokenRequest[];
  scores: ReceivedScore[];
  createdLineItems: { context: string; body: Record<string, unknown> }[];
  /** the members of a course, served two per page unless pageSize is changed */
  members: Map<string, NrpsMember[]>;
  pageSize: number;
  /** answer the next N score POSTs with 503; failScoresAlways answers them all with 503 */
  failNextScores: number;
  failScoresAlways: boolean;
  /** access tokens live this long (seconds) */
  tokenLifetime: number;
  /** an access token the platform issued, expired at once (for the expired-token test) */
  expireToken(token: string): void;
  /** the tokens issued, newest last */
  issued: { token: string; scopes: string[] }[];
  close(): Promise<void>;
}

export const LTI_TEST_CLIENT_ID = 'aula-tool-client';

const GRANTABLE = new Set<string>([...Object.values(AGS_SCOPES), NRPS_SCOPE]);
const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** Starts the platform's services. `aulaJwksUrl`: Aula's public key set, fetched over HTTP (refetched on a new kid). */
export async function startPlatformServices(opts: { aulaJwksUrl: string }): Promise<PlatformServices> {
  const app = Fastify({ logger: false });
  const jwks = createRemoteJWKSet(new URL(opts.aulaJwksUrl), { cooldownDuration: 0 });
  const tokens = new Map<string, { scopes: string[]; expiresAt: number }>();
  const usedJti = new Set<string>();
  const lineItems = new Map<string, Record<string, unknown>>();

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addContentTypeParser(/^application\/vnd\.ims\.[^;]+\+json/, { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch (err) {
      done(err as Error, undefined);
    }
  });

  const p: PlatformServices = {
    base: '',
    issuer: '',
    clientId: LTI_TEST_CLIENT_ID,
    tokenUrl: '',
    lineItemsUrl: (c) => `${p.base}/api/lti/courses/${c}/line_items`,
    lineItemUrl: (c, id) => `${p.base}/api/lti/courses/${c}/line_items/${id}`,
    membershipsUrl: (c) => `${p.base}/api/lti/courses/${c}/names_and_roles`,
    tokenRequests: [],
    scores: [],
    createdLineItems: [],
    members: new Map(),
    pageSize: 2,
    failNextScores: 0,
    failScoresAlways: false,
    tokenLifetime: 3600,
    issued: [],
    expireToken(token) {
      const t = tokens.get(token);
      if (t) t.expiresAt = 0;
    },
    close: () => app.close(),
  };

  /** The bearer token's scopes, or a 401/403 sent. */
  function authorize(req: FastifyRequest, reply: FastifyReply, needs: readonly string[]): boolean {
    const m = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    const t = m ? tokens.get(m[1]!) : undefined;
    if (!t || t.expiresAt <= Date.now()) {
      void reply.code(401).header('www-authenticate', 'Bearer error="invalid_token"').send({ error: 'invalid_token' });
      return false;
    }
    if (!needs.some((s) => t.scopes.includes(s))) {
      void reply.code(403).send({ error: 'insufficient_scope' });
      return false;
    }
    return true;
  }

  app.post('/login/oauth2/token', async (req, reply) => {
    const form = (req.body ?? {}) as Record<string, string>;
    const refuse = (error: string, status = 400) => {
      p.tokenRequests.push({ ok: false, error, scope: form.scope ?? '' });
      return reply.code(status).send({ error });
    };
    if (form.grant_type !== 'client_credentials') return refuse('unsupported_grant_type');
    if (form.client_assertion_type !== ASSERTION_TYPE || !form.client_assertion) return refuse('invalid_client', 401);
    let kid: string | undefined;
    try {
      const { payload, protectedHeader } = await jwtVerify(form.client_assertion, jwks, {
        issuer: LTI_TEST_CLIENT_ID,
        subject: LTI_TEST_CLIENT_ID,
        audience: p.tokenUrl,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'iat', 'jti'],
        maxTokenAge: '10m',
      });
      kid = protectedHeader.kid;
      if (usedJti.has(payload.jti!)) return refuse('invalid_client: jti reused', 401);
      usedJti.add(payload.jti!);
    } catch (err) {
      return refuse(`invalid_client: ${(err as Error).message}`, 401);
    }
    const scopes = (form.scope ?? '').split(' ').filter((s) => GRANTABLE.has(s));
    if (scopes.length === 0) return refuse('invalid_scope');
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, { scopes, expiresAt: Date.now() + p.tokenLifetime * 1000 });
    p.issued.push({ token, scopes });
    p.tokenRequests.push({ ok: true, scope: scopes.join(' '), kid });
    return { access_token: token, token_type: 'Bearer', expires_in: p.tokenLifetime, scope: scopes.join(' ') };
  });

  app.get<{ Params: { c: string }; Querystring: { resource_link_id?: string } }>(
    '/api/lti/courses/:c/line_items',
    async (req, reply) => {
      if (!authorize(req, reply, [AGS_SCOPES.lineItem, AGS_SCOPES.lineItemReadonly])) return reply;
      const items = [...lineItems.values()].filter(
        (li) =>
          (li.id as string).startsWith(p.lineItemsUrl(req.params.c)) &&
          (!req.query.resource_link_id || li.resourceLinkId === req.query.resource_link_id),
      );
      return reply.type('application/vnd.ims.lis.v2.lineitemcontainer+json').send(items);
    },
  );

  app.post<{ Params: { c: string } }>('/api/lti/courses/:c/line_items', async (req, reply) => {
    if (!authorize(req, reply, [AGS_SCOPES.lineItem])) return reply;
    if (!req.headers['content-type']?.startsWith(AGS_LINE_ITEM_MEDIA_TYPE))
      return reply.code(415).send({ error: 'unsupported media type' });
    const body = req.body as Record<string, unknown>;
    if (typeof body.scoreMaximum !== 'number' || body.scoreMaximum <= 0 || typeof body.label !== 'string')
      return reply.code(400).send({ error: 'scoreMaximum and label are required' });
    const id = p.lineItemUrl(req.params.c, String(lineItems.size + 1));
    const item = { ...body, id };
    lineItems.set(id, item);
    p.createdLineItems.push({ context: req.params.c, body });
    return reply.code(201).type(AGS_LINE_ITEM_MEDIA_TYPE).send(item);
  });

  app.post<{ Params: { c: string; li: string } }>('/api/lti/courses/:c/line_items/:li/scores', async (req, reply) => {
    if (!authorize(req, reply, [AGS_SCOPES.score])) return reply;
    const contentType = req.headers['content-type'] ?? '';
    if (!contentType.startsWith(AGS_SCORE_MEDIA_TYPE)) return reply.code(415).send({ error: 'unsupported media type' });
    const body = req.body as Record<string, unknown>;
    if (
      typeof body.userId !== 'string' ||
      typeof body.timestamp !== 'string' ||
      Number.isNaN(Date.parse(body.timestamp)) ||
      typeof body.activityProgress !== 'string' ||
      typeof body.gradingProgress !== 'string'
    )
      return reply.code(400).send({ error: 'userId, timestamp, activityProgress and gradingProgress are required' });
    if (p.failScoresAlways || p.failNextScores > 0) {
      if (p.failNextScores > 0) p.failNextScores -= 1;
      return reply.code(503).send({ error: 'gradebook unavailable' });
    }
    p.scores.push({ lineItem: p.lineItemUrl(req.params.c, req.params.li), contentType, body });
    return reply.code(204).send();
  });

  app.get<{ Params: { c: string }; Querystring: { page?: string } }>(
    '/api/lti/courses/:c/names_and_roles',
    async (req, reply) => {
      if (!authorize(req, reply, [NRPS_SCOPE])) return reply;
      const all = p.members.get(req.params.c);
      if (!all) return reply.code(404).send({ error: 'no such course' });
      const page = Math.max(1, Number(req.query.page ?? '1') || 1);
      const members = all.slice((page - 1) * p.pageSize, page * p.pageSize);
      if (page * p.pageSize < all.length)
        void reply.header('link', `<${p.membershipsUrl(req.params.c)}?page=${page + 1}>; rel="next"`);
      return reply.type(NRPS_MEDIA_TYPE).send({
        id: `${p.membershipsUrl(req.params.c)}?page=${page}`,
        context: { id: req.params.c, title: `Course ${req.params.c}` },
        members: members.map((m) => ({ status: 'Active', ...m })),
      });
    },
  );

  p.base = await app.listen({ port: 0, host: '127.0.0.1' });
  p.issuer = p.base;
  p.tokenUrl = `${p.base}/login/oauth2/token`;
  return p;
}
