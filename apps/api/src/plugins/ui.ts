import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { themeForHost } from '@aula/domain/themes';
import type { Config } from '../config';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export const UI_APPS = {
  dashboard: path.join(ROOT, 'apps/dashboard/dist'),
  student: path.join(ROOT, 'apps/student/dist'),
} as const;

/**
 * Serves one built front end as a single-page app on its own port, plus /config.js: the runtime configuration the
 * page reads before it starts (API and realtime addresses follow the host the page was served from, so a theme's
 * host reaches the API on the same host; the theme is the one packages/domain/src/themes.ts gives that host).
 */
export async function startUiServer(
  app: keyof typeof UI_APPS,
  port: number,
  config: Config,
  apiPort: number,
  realtimePort: number | null,
): Promise<FastifyInstance | null> {
  const root = UI_APPS[app];
  if (!existsSync(path.join(root, 'index.html'))) return null;
  const ui = Fastify({ logger: false });
  await ui.register(fastifyStatic, { root, wildcard: false, index: false, cacheControl: false });
  ui.get('/config.js', async (req, reply) => {
    const host = req.hostname.replace(/:\d+$/, '');
    const proto = req.protocol;
    const cfg = {
      apiUrl: `${proto}://${host}:${apiPort}`,
      realtimeUrl: realtimePort ? `${proto === 'https' ? 'wss' : 'ws'}://${host}:${realtimePort}` : null,
      host,
      // the same rule the page applies to its own host name
      theme: themeForHost(host),
      // the two front ends, for links from one to the other (the role chooser of 000 section 2)
      dashboardUrl: config.DASHBOARD_URL,
      studentUrl: config.STUDENT_URL,
    };
    return reply
      .type('application/javascript')
      .header('cache-control', 'no-store')
      .send(`window.__AULA_CONFIG__ = ${JSON.stringify(cfg)};`);
  });
  ui.setNotFoundHandler(async (req, reply) => {
    // hashed assets are immutable; anything else that is not a file is a client route
    if (req.url.startsWith('/assets/')) return reply.status(404).send('Not found');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  ui.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
  });
  await ui.listen({ port, host: config.HOST });
  return ui;
}
