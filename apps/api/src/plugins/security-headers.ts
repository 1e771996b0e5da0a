// Security headers (issue 13; docs/decisions/0007-content-security-policy.md): helmet on the API and on the two
// apps' pages, HSTS only on responses served over https, and the pages' Content-Security-Policy with a fresh
// script nonce per response.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';

/** A year, this host and its subdomains; sent only over https, where it cannot be forged or stripped. */
const HSTS = 'max-age=31536000; includeSubDomains';

function hstsOverHttps(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}

/**
 * The API: helmet's defaults (nosniff, no X-Powered-By, a same-origin opener policy, a default-src 'self' policy for
 * the OpenAPI page), except that nothing may frame it and its files may be used by the apps on their own origins
 * (media images, videos and PDFs).
 *
 * The API's headers are the same on every response, so they are worked out once at start (helmet on a throwaway
 * server) and set by one hook: @fastify/helmet builds helmet's middleware again on every request (about 2 % of the
 * API's CPU on the exam-start hot path, docs/performance.md).
 */
export async function apiSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = await helmetHeaders({
    hsts: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    xFrameOptions: { action: 'deny' },
    contentSecurityPolicy: { directives: { frameAncestors: ["'none'"], upgradeInsecureRequests: null } },
  });
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
  hstsOverHttps(app);
}

/** The headers helmet adds to a response with these options (those a bare Fastify response does not carry). */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  try {
    probe.get('/', async () => 'probe');
    const bare = (await probe.inject({ url: '/' })).headers;
    const withHelmet = Fastify();
    try {
      await withHelmet.register(helmet, options);
      withHelmet.get('/', async () => 'probe');
      const res = await withHelmet.inject({ url: '/' });
      return Object.fromEntries(
        Object.entries(res.headers)
          .filter(([name, value]) => !(name in bare) && value !== undefined)
          .map(([name, value]) => [name, String(value)]),
      );
    } finally {
      await withHelmet.close();
    }
  } finally {
    await probe.close();
  }
}

/** What a page may load, worked out per request from the runtime configuration that page gets. */
export interface PageSources {
  apiUrl: string;
  realtimeUrl: string | null;
  /** where uploaded media files are served from, when not the API (MEDIA_PUBLIC_URL) */
  mediaUrl?: string | undefined;
  /** further hosts the page may fetch from (CSP_CONNECT_SOURCES) */
  connect: readonly string[];
  /** who may frame the page (FRAME_ANCESTORS); none when empty */
  frameAncestors: readonly string[];
  /** where the page's forms may post besides its own origin (an LTI platform's deep-linking return) */
  formActions?: readonly string[];
  /** served over https: plain-http embeds are left out */
  secure: boolean;
}

/** The origin of an address; none for one that is not a URL (a page asked for under a nonsense Host header). */
function origins(...urls: string[]): string[] {
  return urls.flatMap((url) => {
    try {
      const { protocol, host } = new URL(url);
      // a host the URL parser lets through may still hold a ';' or a quote, which would end the directive
      return /^[a-z0-9.\-[\]:]+$/i.test(host) ? [`${protocol}//${host}`] : [];
    } catch {
      return [];
    }
  });
}

/** The page's Content-Security-Policy directives (helmet's directive names), as lists of sources. */
export function pageDirectives(s: PageSources, nonce: string): Record<string, string[]> {
  const api = origins(s.apiUrl);
  const media = s.mediaUrl ? origins(s.mediaUrl) : [];
  // the realtime client connects by WebSocket only (packages/web/src/lib/realtime.ts)
  const realtime = s.realtimeUrl ? origins(s.realtimeUrl) : [];
  // media and frames come from wherever a teacher's media points (videos, simulations, any iframe); over https
  // only https ones can load anyway (mixed content), over plain http (development) http ones too
  const anywhere = s.secure ? ['https:'] : ['https:', 'http:'];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", `'nonce-${nonce}'`],
    scriptSrcAttr: ["'none'"],
    // Ant Design and tldraw write their CSS at run time into <style> elements and style attributes
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...api, ...media, ...anywhere],
    mediaSrc: ["'self'", 'data:', 'blob:', ...api, ...media, ...anywhere],
    fontSrc: ["'self'", 'data:'],
    // data: for tldraw's bundled translations, which the build inlines as data: URLs and tldraw fetches
    connectSrc: ["'self'", 'data:', ...api, ...realtime, ...media, ...s.connect],
    frameSrc: ["'self'", ...anywhere],
    // the PDF viewer's worker (a same-origin file); tldraw may start workers from blob: URLs
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'", ...(s.formActions ?? [])],
    frameAncestors: s.frameAncestors.length ? [...s.frameAncestors] : ["'none'"],
  };
}

interface PageState {
  nonce: string;
  directives: Record<string, string[]>;
}

// helmet hands its directive functions the raw request, so each request's policy is kept here by it
const pageStates = new WeakMap<IncomingMessage, PageState>();

/** The script nonce of this response: every inline <script> the page sends must carry it. */
export function scriptNonce(req: FastifyRequest): string {
  const state = pageStates.get(req.raw);
  if (!state) throw new Error('pageSecurityHeaders is not registered on this server');
  return state.nonce;
}

const DIRECTIVES = [
  'defaultSrc',
  'scriptSrc',
  'scriptSrcAttr',
  'styleSrc',
  'imgSrc',
  'mediaSrc',
  'fontSrc',
  'connectSrc',
  'frameSrc',
  'workerSrc',
  'objectSrc',
  'baseUri',
  'formAction',
  'frameAncestors',
] as const;

/**
 * The apps' pages and files: helmet with the page policy (pageDirectives), a strict referrer policy (none at all
 * on the password-reset pages, whose address holds the token), and framing only by FRAME_ANCESTORS.
 */
export async function pageSecurityHeaders(
  ui: FastifyInstance,
  sourcesFor: (req: FastifyRequest) => PageSources,
): Promise<void> {
  // before helmet's own hook, which reads it
  ui.addHook('onRequest', async (req) => {
    const nonce = randomBytes(16).toString('base64');
    pageStates.set(req.raw, { nonce, directives: pageDirectives(sourcesFor(req), nonce) });
  });
  const directive = (name: (typeof DIRECTIVES)[number]) => (req: IncomingMessage) =>
    (pageStates.get(req)?.directives[name] ?? ["'none'"]).join(' ');
  await ui.register(helmet, {
    hsts: false,
    // a page that may be framed by an LMS must not also say it may not (FRAME_ANCESTORS decides)
    xFrameOptions: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(DIRECTIVES.map((name) => [name, [directive(name)]])),
    },
  });
  ui.addHook('onRequest', async (req, reply) => {
    if (/^\/reset-password(\/|$|\?)/.test(req.url)) reply.header('referrer-policy', 'no-referrer');
  });
  hstsOverHttps(ui);
}
