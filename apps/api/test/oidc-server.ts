import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

// Real OpenID providers for the single sign-on tests (issue 17): oidc-provider 9 on 127.0.0.1, one issuer per
// provider shape, over real HTTP. Tests finish a sign-in the way a browser would: GET the authorization URL, post
// the development login form (devInteractions) with the subject, follow the redirects with a cookie jar, and stop
// at our redirect URI with the code. docs/sso.md.
//
// A fourth issuer, hand-made with jose ("workshop"), answers the code with whatever ID token a test asks for: tokens a
// real provider never issues (expired, signed with another key, another issuer or audience, no nonce).

export type Shape = 'classlink' | 'clever' | 'google';

export interface TestAccount {
  email?: string;
  /** classlink-like: SourcedId, clever-like: sourced_id */
  sourcedId?: string;
  /** google-like: the hosted domain */
  hd?: string;
}

export interface TestIssuer {
  shape: Shape;
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
}

export interface WorkshopToken {
  claims?: Record<string, unknown>;
  /** sign with a key the issuer's JWKS does not publish */
  foreignKey?: boolean;
  /** seconds from now; negative for an expired token */
  expiresIn?: number;
}

export interface Workshop {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** the next ID token the token endpoint returns (nonce: taken from the last authorization URL unless given) */
  next: WorkshopToken;
  tokenRequests: URLSearchParams[];
}

export interface OidcServers {
  issuers: Record<Shape, TestIssuer>;
  workshop: Workshop;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const CLAIMS: Record<Shape, string[]> = {
  classlink: ['SourcedId'],
  clever: ['sourced_id'],
  google: ['hd'],
};

async function startIssuer(shape: Shape, redirectUris: string[]): Promise<{ issuer: TestIssuer; server: Server }> {
  const server = createServer();
  const base = await listen(server);
  const accounts = new Map<string, TestAccount>();
  const clientId = `${shape}-client`;
  const clientSecret = `${shape}-secret-${Math.random().toString(36).slice(2)}`;
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub', ...CLAIMS[shape]], email: ['email', 'email_verified'] },
    // the provider's own claims go into the ID token (Aula reads nothing from userinfo)
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: [`${shape}-cookie-key`] },
    features: { devInteractions: { enabled: true } },
    // no consent screen: the district's administrator approved the app
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          ...(account.email ? { email: account.email, email_verified: true } : {}),
          ...(account.sourcedId && shape === 'classlink' ? { SourcedId: account.sourcedId } : {}),
          ...(account.sourcedId && shape === 'clever' ? { sourced_id: account.sourcedId } : {}),
          ...(account.hd && shape === 'google' ? { hd: account.hd } : {}),
        }),
      };
    },
  };
  const signing = await generateKeyPair('RS256', { extractable: true });
  configuration.jwks = {
    keys: [{ ...(await exportJWK(signing.privateKey)), kid: `${shape}-1`, alg: 'RS256', use: 'sig' }],
  };
  configuration.ttl = {
    Interaction: 600,
    Grant: 600,
    Session: 600,
    AccessToken: 300,
    IdToken: 300,
    AuthorizationCode: 60,
  };
  const provider = new Provider(base, configuration);
  const handle = provider.callback();
  server.on('request', (req, res) => void handle(req, res));
  return { issuer: { shape, issuer: base, clientId, clientSecret, accounts }, server };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

async function startWorkshop(): Promise<{ workshop: Workshop; server: Server }> {
  const server = createServer();
  const base = await listen(server);
  const good = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(good.publicKey)), kid: 'workshop-1', alg: 'RS256', use: 'sig' };
  const workshop: Workshop = {
    issuer: base,
    clientId: 'workshop-client',
    clientSecret: 'workshop-secret',
    next: {},
    tokenRequests: [],
  };
  let lastNonce: string | undefined;
  const sign = async (key: CryptoKey, claims: Record<string, unknown>) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'workshop-1' }).sign(key);
  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', base);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: base,
        authorization_endpoint: `${base}/auth`,
        token_endpoint: `${base}/token`,
        jwks_uri: `${base}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
      });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (url.pathname === '/auth') {
      // tests read the URL themselves; remember the nonce the client sent
      lastNonce = url.searchParams.get('nonce') ?? undefined;
      return json(200, { ok: true });
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      void readBody(req).then(async (body) => {
        workshop.tokenRequests.push(new URLSearchParams(body));
        const now = Math.floor(Date.now() / 1000);
        const { claims = {}, foreignKey = false, expiresIn = 300 } = workshop.next;
        const idToken = await sign(foreignKey ? foreign.privateKey : good.privateKey, {
          iss: base,
          aud: workshop.clientId,
          sub: 'workshop-subject',
          iat: now - 5,
          exp: now + expiresIn,
          ...(lastNonce ? { nonce: lastNonce } : {}),
          ...claims,
        });
        json(200, { access_token: 'at', token_type: 'Bearer', expires_in: 300, id_token: idToken });
      });
      return;
    }
    json(404, { error: 'not_found' });
  });
  return { workshop, server };
}

/** Starts the three issuers and the workshop; `redirectUris` are Aula's callbacks (dashboard and student). */
export async function startOidcServers(redirectUris: string[]): Promise<OidcServers> {
  const started = await Promise.all(
    (['classlink', 'clever', 'google'] as const).map((shape) => startIssuer(shape, redirectUris)),
  );
  const { workshop, server } = await startWorkshop();
  const servers = [...started.map((s) => s.server), server];
  return {
    issuers: Object.fromEntries(started.map((s) => [s.issuer.shape, s.issuer])) as Record<Shape, TestIssuer>,
    workshop,
    async close() {
      for (const s of servers) s.closeAllConnections();
      await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    },
  };
}

/** A cookie jar good enough for one provider: every cookie goes back on every request. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Signs `subject` in at the provider as a browser would and returns the query the provider sent to Aula's redirect
 * URI (code, state, iss), or its error (deny: the user pressed cancel, error=access_denied).
 */
export async function completeLogin(
  authorizationUrl: string,
  subject: string,
  opts: { deny?: boolean } = {},
): Promise<Record<string, string>> {
  const jar = new CookieJar();
  const origin = new URL(authorizationUrl).origin;
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(res);
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider answered ${res.status} at ${url}: ${await res.text()}`);
    const next = new URL(location, url);
    if (next.origin !== origin) return Object.fromEntries(next.searchParams);
    const interaction = /^\/interaction\/([^/]+)$/.exec(next.pathname);
    if (interaction) {
      if (opts.deny) {
        url = `${origin}/interaction/${interaction[1]}/abort`;
        continue;
      }
      const post = await fetch(next, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login: subject, password: 'any' }).toString(),
      });
      jar.store(post);
      const resume = post.headers.get('location');
      if (!resume) throw new Error(`login form answered ${post.status}: ${await post.text()}`);
      url = new URL(resume, next).href;
      continue;
    }
    url = next.href;
  }
  throw new Error('too many redirects at the provider');
}
