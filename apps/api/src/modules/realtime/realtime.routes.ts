import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UnauthenticatedError } from '../../lib/errors';
import { authenticate } from '../auth/auth.service';
import * as service from './realtime.service';

/**
 * POST /auth/broadcast (001 section 7 "Websocket auth at /auth/broadcast"): may the bearer of this token join this
 * private channel? Either app's session may ask (the student app has its own user channel).
 */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/broadcast',
    {
      schema: {
        tags: ['realtime'],
        summary: 'Authorise a private real-time channel for the bearer',
        body: z.object({ channel_name: z.string().min(1).max(200), socket_id: z.string().max(200).optional() }),
        response: { 200: z.object({ data: z.object({ channel: z.string(), allowed: z.literal(true) }) }) },
      },
    },
    async (req) => {
      const header = req.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      const auth = token ? await authenticate(app.deps, token) : undefined;
      if (!auth) throw new UnauthenticatedError();
      req.auth = auth;
      const { channel } = await service.authorizeChannel(app.deps, auth, req.body.channel_name);
      return { data: { channel, allowed: true as const } };
    },
  );
};
