import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import fastifyStatic from '@fastify/static';
import { themeForHost } from '@aula/domain/themes';
import type { Config } from '../config';
import { trustProxyOption } from '../lib/trust-proxy';
import { LTI_FRAME_PARAM, verifyFrameOrigin } from '../lib/lti-frame';
import { pageSecurityHeaders, scriptNonce } from './security-headers';

/** The platform origin a page's signed lti_frame parameter names, if valid. */
function ltiFrameOf(secret: string, url: string): string | null {
  const q = url.indexOf('?');
  if (q < 0) return null;
  return verifyFrameOrigin(secret, new URLSearchParams(url.slice(q + 1)).get(LTI_FRAME_PARAM));
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export const UI_APPS = {
  dashboard: path.join(ROOT, 'apps/dashboard/dist'),
  student: path.join(ROOT, 'apps/student/dist'),
} as const;

/** The tag Vite's index.html loads the runtime configuration with; the server puts the configuration there inline. */
const CONFIG_SCRIPT = '<script src="/config.js"></script>';
const CONFIG_SLOT = '%AULA_CONFIG%';
const NONCE_SLOT = '%AULA_NONCE%';

interface UiServerOptions {
  config: Pick<
    Config,
    | 'PUBLIC_DASHBOARD_URL'
    | 'PUBLIC_STUDENT_URL'
    | 'MEDIA_PUBLIC_URL'
    | 'CSP_CONNECT_SOURCES'
    | 'FRAME_ANCESTORS'
    | 'TLDRAW_LICENSE_KEY'
  > &
    /** checks the signed lti_frame of a page an LTI launch opens (lib/lti-frame.ts) */
    Partial<Pick<Config, 'TOKEN_SECRET'>>;
  apiPort: number;
  realtimePort: number | null;
  /** Fastify's trustProxy: behind a TLS-terminating proxy, X-Forwarded-Proto tells the page it is served over https */
  trustProxy?: FastifyServerOptions['trustProxy'];
}

/** The runtime configuration of a page served from `host` (API and realtime addresses follow that host). */
function runtimeConfigFor(req: FastifyRequest, { config, apiPort, realtimePort }: UiServerOptions) {
  const host = req.hostname.replace(/:\d+$/, '');
  const proto = req.protocol;
  return {
    apiUrl: `${proto}://${host}:${apiPort}`,
    realtimeUrl: realtimePort ? `${proto === 'https' ? 'wss' : 'ws'}://${host}:${realtimePort}` : null,
    host,
    // the same rule the page applies to its own host name
    theme: themeForHost(host),
    // the two front ends, for links from one to the other (the role chooser of 000 section 2)
    dashboardUrl: config.PUBLIC_DASHBOARD_URL,
    studentUrl: config.PUBLIC_STUDENT_URL,
    // the drawing question's editor needs it in a production build served over https
    tldrawLicenseKey: config.TLDRAW_LICENSE_KEY ?? null,
  };
}

/** A script statement that is safe inside an HTML <script> element too (the host comes from the request). */
function configScript(cfg: object): string {
  const json = JSON.stringify(cfg)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `window.__AULA_CONFIG__ = ${json};`;
}

/** Brotli or gzip for a response made per request (index.html); the built assets are compressed at build time. */
function sendCompressed(req: FastifyRequest, reply: FastifyReply, body: string) {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  reply.header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepted)) {
    return reply
      .header('content-encoding', 'br')
      .send(brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(body));
  return reply.send(body);
}

/**
 * One built front end as a single-page app: hashed assets with long caching, sent brotli- or gzip-compressed from
 * the files the build wrote beside them; every other path gets index.html with the runtime configuration inline
 * (no extra request before the page can start; GET /config.js still answers for `vite dev` and older pages).
 */
export async function buildUiServer(root: string, options: UiServerOptions): Promise<FastifyInstance> {
  const ui = Fastify({ logger: false, trustProxy: options.trustProxy ?? false });
  // every inline script of the page carries the response's nonce (security-headers.ts); the configuration goes
  // where index.html loads /config.js
  const indexHtml = readFileSync(path.join(root, 'index.html'), 'utf8')
    .replace(CONFIG_SCRIPT, `<script>${CONFIG_SLOT}</script>`)
    .replace(/<script(?=[\s>])/g, `<script nonce="${NONCE_SLOT}"`);
  await pageSecurityHeaders(ui, (req) => {
    const { apiUrl, realtimeUrl } = runtimeConfigFor(req, options);
    // a page an LTI launch opened (issue 18): framed by that launch's platform only, and its forms (the deep-linking
    // answer) may post there; every other page keeps FRAME_ANCESTORS (none by default)
    const lti = options.config.TOKEN_SECRET ? ltiFrameOf(options.config.TOKEN_SECRET, req.url) : null;
    return {
      apiUrl,
      realtimeUrl,
      mediaUrl: options.config.MEDIA_PUBLIC_URL,
      connect: options.config.CSP_CONNECT_SOURCES,
      frameAncestors: lti ? [lti] : options.config.FRAME_ANCESTORS,
      formActions: lti ? [lti] : [],
      secure: req.protocol === 'https',
    };
  });
  await ui.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    // index.html is never sent as the file: it always carries the configuration of the host asking (below)
    allowedPath: (pathName) => !pathName.startsWith('/index.html'),
  });
  ui.get('/config.js', async (req, reply) => {
    return reply
      .type('application/javascript')
      .header('cache-control', 'no-store')
      .send(configScript(runtimeConfigFor(req, options)));
  });
  const sendIndex = (req: FastifyRequest, reply: FastifyReply) => {
    const html = indexHtml
      .replaceAll(NONCE_SLOT, scriptNonce(req))
      .replace(CONFIG_SLOT, () => configScript(runtimeConfigFor(req, options)));
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    return sendCompressed(req, reply, html);
  };
  ui.setNotFoundHandler(async (req, reply) => {
    // hashed assets are immutable; anything else that is not a file is a client route
    if (req.url.startsWith('/assets/')) return reply.status(404).send('Not found');
    return sendIndex(req, reply);
  });
  ui.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/assets/') && (reply.statusCode === 200 || reply.statusCode === 304)) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
    }
  });
  return ui;
}

/** Serves one built front end on its own port; null when that app has not been built. */
export async function startUiServer(
  app: keyof typeof UI_APPS,
  port: number,
  config: Config,
  apiPort: number,
  realtimePort: number | null,
): Promise<FastifyInstance | null> {
  const root = UI_APPS[app];
  if (!existsSync(path.join(root, 'index.html'))) return null;
  const ui = await buildUiServer(root, {
    config,
    apiPort,
    realtimePort,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
  });
  await ui.listen({ port, host: config.HOST });
  return ui;
}
