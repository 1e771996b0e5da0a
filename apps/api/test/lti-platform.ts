import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  createRemoteJWKSet,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';

// A test LTI 1.3 platform (issue 18 item 6): a real Fastify server on 127.0.0.1 with its own RS256 keys and JWKS,
// the OIDC auth endpoint a launch is redirected to (checks client_id and redirect_uri, answers with the auto-posted
// form carrying a signed id_token), a page that starts a launch in an iframe (the e2e journey), and the deep-link
// return endpoint, which verifies Aula's LtiDeepLinkingResponse against Aula's public /lti/jwks over HTTP and records
// it. Tests tamper with the next id_token (claims, kid, signing key, state) to prove each refusal.

const LIS = 'http://purl.imsglobal.org/vocab/lis/v2/membership#';
export const LEARNER = `${LIS}Learner`;
export const INSTRUCTOR = `${LIS}Instructor`;

export interface PlatformUser {
  sub: string;
  roles: string[];
  sourcedId?: string;
  name?: string;
}

export interface PlatformMessage {
  type: 'LtiResourceLinkRequest' | 'LtiDeepLinkingRequest';
  deploymentId: string;
  resourceLinkId?: string;
  title?: string;
  custom?: Record<string, string>;
  contextId?: string;
  /** deep linking: echoed back by the tool */
  data?: string;
  acceptMultiple?: boolean;
}

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/** What the next id_token should get wrong (one launch only). */
export interface Tamper {
  claims?: Record<string, unknown>;
  /** sign with this key (e.g. one the JWKS does not publish) */
  key?: SigningKey;
  /** put this kid in the header instead of the signing key's */
  kid?: string;
  /** the state posted back */
  state?: string;
  /** the nonce put in the token */
  nonce?: string;
}

export interface AutoPost {
  action: string;
  fields: Record<string, string>;
}

export interface DeepLinkReturn {
  payload: JWTPayload;
  header: { kid?: string; alg?: string };
}

export interface LtiPlatform {
  url: string;
  issuer: string;
  clientId: string;
  keySetUrl: string;
  accessTokenUrl: string;
  oidcAuthUrl: string;
  deepLinkReturnUrl: string;
  users: Map<string, PlatformUser>;
  messages: Map<string, PlatformMessage>;
  /** JWKS requests served */
  jwksHits(): number;
  /** a fresh key; published unless `publish` is false; signs from now on when `sign` is true */
  addKey(opts?: { publish?: boolean; sign?: boolean }): Promise<SigningKey>;
  /** the nonces the OIDC endpoint saw (in order) */
  nonces: string[];
  tamperNext(t: Tamper): void;
  /** the id_token of the last launch (to replay) */
  lastIdToken(): string | null;
  deepLinkReturns: DeepLinkReturn[];
  deepLinkErrors: string[];
  close(): Promise<void>;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function autoPostForm(action: string, fields: Record<string, string>, target?: string): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return (
    `<!doctype html><html><body><form id="f" method="post" action="${escapeHtml(action)}"` +
    `${target ? ` target="${escapeHtml(target)}"` : ''}>${inputs}</form>` +
    '<script>document.getElementById("f").submit()</script></body></html>'
  );
}

/** Reads the auto-post form of a page (the OIDC endpoint's answer). */
export function parseAutoPost(html: string): AutoPost {
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form in ${html.slice(0, 200)}`);
  const unescape = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[unescape(m[1]!)] = unescape(m[2]!);
  }
  return { action: unescape(action), fields };
}

async function newKey(): Promise<SigningKey> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = `platform-${randomBytes(4).toString('hex')}`;
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

/**
 * Starts the platform. `aula.launchUrl` is the redirect URI registered for the tool; `aula.jwksUrl` Aula's public
 * key set (the deep-link return verifies against it); `clientId` the tool's client id on this platform.
 */
export async function startLtiPlatform(aula: {
  launchUrl: string;
  loginUrl: string;
  jwksUrl: string;
  clientId?: string;
}): Promise<LtiPlatform> {
  const app: FastifyInstance = Fastify({ logger: false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const clientId = aula.clientId ?? 'aula-tool-client';
  const keys: SigningKey[] = [];
  const published = new Set<string>();
  let signer: SigningKey;
  let hits = 0;
  let tamper: Tamper | null = null;
  let lastToken: string | null = null;
  const users = new Map<string, PlatformUser>();
  const messages = new Map<string, PlatformMessage>();
  const nonces: string[] = [];
  const deepLinkReturns: DeepLinkReturn[] = [];
  const deepLinkErrors: string[] = [];
  const aulaKeys = createRemoteJWKSet(new URL(aula.jwksUrl));

  // set once listening (below); the routes read them per request
  let url = '';
  let issuer = '';

  const addKey = async (opts: { publish?: boolean; sign?: boolean } = {}) => {
    const key = await newKey();
    keys.push(key);
    if (opts.publish !== false) published.add(key.kid);
    if (opts.sign) signer = key;
    return key;
  };
  signer = await addKey();

  app.get('/jwks', async () => {
    hits += 1;
    return { keys: keys.filter((k) => published.has(k.kid)).map((k) => k.publicJwk) };
  });

  // the OIDC authorization endpoint (LTI 1.3 core, 5.1.1.2): checks what a platform must, signs the id_token
  app.get('/auth', async (req, reply) => {
    const q = req.query as Record<string, string>;
    const problems: string[] = [];
    if (q.client_id !== clientId) problems.push('client_id');
    if (q.redirect_uri !== aula.launchUrl) problems.push('redirect_uri');
    if (q.response_type !== 'id_token') problems.push('response_type');
    if (q.response_mode !== 'form_post') problems.push('response_mode');
    if (q.scope !== 'openid') problems.push('scope');
    if (!q.nonce || !q.state) problems.push('nonce/state');
    const user = users.get(q.login_hint ?? '');
    const message = messages.get(q.lti_message_hint ?? '');
    if (!user) problems.push('login_hint');
    if (!message) problems.push('lti_message_hint');
    if (problems.length) return reply.status(400).send({ error: 'invalid_request', problems });
    nonces.push(q.nonce!);
    const t = tamper ?? {};
    tamper = null;
    const claims: Record<string, unknown> = {
      nonce: t.nonce ?? q.nonce,
      name: user!.name ?? user!.sub,
      'https://purl.imsglobal.org/spec/lti/claim/message_type': message!.type,
      'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
      'https://purl.imsglobal.org/spec/lti/claim/deployment_id': message!.deploymentId,
      'https://purl.imsglobal.org/spec/lti/claim/target_link_uri': aula.launchUrl,
      'https://purl.imsglobal.org/spec/lti/claim/roles': user!.roles,
      'https://purl.imsglobal.org/spec/lti/claim/context': {
        id: message!.contextId ?? 'course-1',
        title: 'Biology 101',
      },
      'https://purl.imsglobal.org/spec/lti/claim/tool_platform': { guid: 'test-platform', url },
      'https://purl.imsglobal.org/spec/lti/claim/launch_presentation': {
        document_target: 'iframe',
        return_url: `${url}/return`,
      },
    };
    if (user!.sourcedId)
      claims['https://purl.imsglobal.org/spec/lti/claim/lis'] = { person_sourcedid: user!.sourcedId };
    if (message!.type === 'LtiResourceLinkRequest') {
      claims['https://purl.imsglobal.org/spec/lti/claim/resource_link'] = {
        id: message!.resourceLinkId ?? 'link-1',
        title: message!.title ?? 'Aula activity',
      };
      if (message!.custom) claims['https://purl.imsglobal.org/spec/lti/claim/custom'] = message!.custom;
      claims['https://purl.imsglobal.org/spec/lti-ags/claim/endpoint'] = {
        scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'],
        lineitems: `${url}/courses/${message!.contextId ?? 'course-1'}/lineitems`,
        lineitem: `${url}/courses/${message!.contextId ?? 'course-1'}/lineitems/${message!.resourceLinkId ?? 'link-1'}`,
      };
    } else {
      claims['https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings'] = {
        deep_link_return_url: `${url}/deep-link-return`,
        accept_types: ['ltiResourceLink'],
        accept_presentation_document_targets: ['iframe', 'window'],
        accept_multiple: message!.acceptMultiple ?? true,
        ...(message!.data ? { data: message!.data } : {}),
      };
    }
    Object.assign(claims, t.claims ?? {});
    const key = t.key ?? signer;
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: t.kid ?? key.kid, typ: 'JWT' })
      .setSubject(user!.sub)
      .setIssuer(issuer)
      .setAudience(clientId)
      .setIssuedAt()
      .setExpirationTime('5m');
    for (const [k, v] of Object.entries(t.claims ?? {})) {
      // jose's setters win over the payload: tampered registered claims are applied after them
      if (k === 'iss' && typeof v === 'string') jwt.setIssuer(v);
      if (k === 'aud' && (typeof v === 'string' || Array.isArray(v))) jwt.setAudience(v as string | string[]);
      if (k === 'exp' && typeof v === 'number') jwt.setExpirationTime(v);
      if (k === 'iat' && typeof v === 'number') jwt.setIssuedAt(v);
      if (k === 'sub' && typeof v === 'string') jwt.setSubject(v);
    }
    const token = await jwt.sign(key.privateKey);
    lastToken = token;
    return reply
      .type('text/html; charset=utf-8')
      .send(autoPostForm(q.redirect_uri!, { id_token: token, state: t.state ?? q.state! }));
  });

  // a course page that launches Aula in an iframe (the login initiation, as Canvas and Moodle do it)
  app.get('/course/:hint', async (req, reply) => {
    const { hint } = req.params as { hint: string };
    const { user } = req.query as { user?: string };
    const message = messages.get(hint);
    if (!message || !user) return reply.status(404).send('no such launch');
    const login = new URL(aula.loginUrl);
    login.search = new URLSearchParams({
      iss: issuer,
      login_hint: user,
      target_link_uri: aula.launchUrl,
      lti_message_hint: hint,
      client_id: clientId,
      lti_deployment_id: message.deploymentId,
    }).toString();
    return reply
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><html><head><title>Biology 101</title></head><body><h1>Biology 101</h1>' +
          `<iframe name="tool" title="Aula" src="${escapeHtml(login.href)}" style="width:1200px;height:800px"></iframe>` +
          '</body></html>',
      );
  });

  // deep linking's return (LTI-DL 2.0 section 4.2): the tool's signed answer, verified against its public JWKS
  app.post('/deep-link-return', async (req, reply) => {
    const body = req.body as Record<string, string>;
    try {
      const { payload, protectedHeader } = await jwtVerify(body.JWT ?? '', aulaKeys, {
        issuer: clientId,
        audience: issuer,
        algorithms: ['RS256'],
      });
      if (payload['https://purl.imsglobal.org/spec/lti/claim/message_type'] !== 'LtiDeepLinkingResponse')
        throw new Error('not a deep-linking response');
      deepLinkReturns.push({ payload, header: protectedHeader });
      return reply
        .type('text/html; charset=utf-8')
        .send('<!doctype html><p id="added">Content added to the course</p>');
    } catch (err) {
      deepLinkErrors.push(String(err));
      return reply.status(400).send({ error: String(err) });
    }
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  issuer = url;
  return {
    url,
    issuer,
    clientId,
    keySetUrl: `${url}/jwks`,
    accessTokenUrl: `${url}/token`,
    oidcAuthUrl: `${url}/auth`,
    deepLinkReturnUrl: `${url}/deep-link-return`,
    users,
    messages,
    jwksHits: () => hits,
    addKey,
    nonces,
    tamperNext: (t) => {
      tamper = t;
    },
    lastIdToken: () => lastToken,
    deepLinkReturns,
    deepLinkErrors,
    close: () => app.close(),
  };
}
