import fp from 'fastify-plugin';
import type { Config } from '../config';
import { API_VERSION } from '../lib/version';

export interface AboutBody {
  name: string;
  version: string;
  description: string;
  links: { docs: string; openapi: string; health: string; dashboard: string; student: string };
}

/**
 * GET /: what this address is (issue 14), for whoever opens the API's own address in a browser or with curl: the
 * name and version, where its OpenAPI document is, and the two apps people sign in to (their public URLs). The API's
 * security headers apply as on every other route.
 */
export const aboutPlugin = fp<{ config: Pick<Config, 'PUBLIC_DASHBOARD_URL' | 'PUBLIC_STUDENT_URL'> }>(
  async (app, { config }) => {
    const body: AboutBody = {
      name: 'Aula API',
      version: API_VERSION,
      description: 'The Aula platform’s HTTP API. People use the dashboard (staff) and the student app.',
      links: {
        docs: '/docs',
        openapi: '/docs/json',
        health: '/health',
        dashboard: config.PUBLIC_DASHBOARD_URL,
        student: config.PUBLIC_STUDENT_URL,
      },
    };
    app.get('/', { schema: { hide: true } }, async (_req, reply) =>
      reply.header('cache-control', 'no-cache').send(body),
    );
  },
);
