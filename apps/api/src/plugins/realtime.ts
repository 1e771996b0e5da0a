import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { readFileSync } from 'node:fs';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import { channels, REALTIME_EVENTS, type ChannelSubject } from '@aula/domain/realtime';
import type { Config } from '../config';
import type { AuthContext } from '../lib/auth-context';
import type { Deps, EventBus } from '../lib/deps';
import { authenticate } from '../modules/auth/auth.service';
import { channelSubjectOf, mayJoin, mayJoinChannel } from '../modules/realtime/realtime.service';
import { notifyBatchingPool } from '../modules/realtime/notify-batch';

interface SocketData {
  auth: AuthContext;
  token: string;
  subject: ChannelSubject;
}

type Ack = (reply: { ok: boolean; channel: unknown; error?: 'forbidden' | 'unauthenticated' | 'invalid' }) => void;

/** Room of every socket of one session, so that revoking the session disconnects exactly those sockets. */
const sessionRoom = (sessionId: number) => `session.${sessionId}`;

/** What one API node tells the others: a user whose cached sessions must be read again (revoked, changed). */
interface NodeEvents {
  'user-changed': (userId: number) => void;
}
type Sockets = Socket<Record<string, never>, Record<string, never>, NodeEvents, SocketData>;

export interface Realtime extends EventBus {
  io: Server<Record<string, never>, Record<string, never>, NodeEvents, SocketData>;
  /** the listening port, when this process serves sockets */
  port: number | null;
  /** sockets connected to this process */
  connectionCount(): number;
  close(): Promise<void>;
}

/**
 * Socket.IO for live notifications (DESIGN.md 6). Every process gets an `io` to publish through; with a shared
 * PostgreSQL the postgres adapter fans events out to the node that holds the socket. Only processes running the
 * realtime service listen.
 */
export async function startRealtime(opts: {
  config: Config;
  /** null while the server is still starting (the realtime port listens before the app is built) */
  deps: () => Deps | null;
  pool: pg.Pool | null;
  listen: boolean;
  /** overrides config.REALTIME_PORT (tests listen on port 0) */
  port?: number;
}): Promise<Realtime> {
  const { config } = opts;
  // a connected socket passed the handshake, so the app was ready then and still is
  const readyDeps = (): Deps => {
    const deps = opts.deps();
    if (!deps) throw new Error('realtime used before the app was built');
    return deps;
  };
  const io = new Server<Record<string, never>, Record<string, never>, NodeEvents, SocketData>({
    transports: ['websocket'],
    cors: { origin: true },
    serveClient: false,
  });
  if (opts.pool) {
    // the adapter's per-event pg_notify calls are sent in batches (modules/realtime/notify-batch.ts)
    io.adapter(createAdapter(notifyBatchingPool(opts.pool), { tableName: 'socket_io_attachments' }));
    // a user changed or signed out on another node leaves this node's session cache too, so a revoked token or a
    // lost permission is refused on every node at once, not after SESSION_CACHE_SECONDS
    io.on('user-changed', (userId) => opts.deps()?.sessions.evictUser(userId));
  }

  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    if (typeof token !== 'string' || !token) return next(new Error('unauthenticated'));
    // A server coming back up hears every open page reconnect at once: until it is ready, and when a handshake
    // fails for a reason of its own, the answer is 'unavailable' (the client retries), never 'unauthenticated'
    // (the client would give up and check its session) and never a crash.
    const deps = opts.deps();
    if (!deps) return next(new Error('unavailable'));
    authenticate(deps, token)
      .then(async (auth) => {
        if (!auth) return next(new Error('unauthenticated'));
        socket.data.auth = auth;
        socket.data.token = token;
        socket.data.subject = await channelSubjectOf(deps, auth);
        next();
      })
      .catch((err: unknown) => {
        deps.log.error({ err }, 'socket handshake failed');
        next(new Error('unavailable'));
      });
  });

  io.on('connection', (socket: Sockets) => {
    const { auth } = socket.data;
    // the user's own channel is joined on connect; the rest are explicit subscribe calls
    void socket.join(channels.user(auth.user.id));
    void socket.join(sessionRoom(auth.sessionId));

    socket.on('subscribe', (channel: unknown, ack?: unknown) => {
      const reply: Ack = typeof ack === 'function' ? (ack as Ack) : () => undefined;
      if (!mayJoin(socket.data.subject, channel)) return reply({ ok: false, channel, error: 'forbidden' });
      // the session may have ended (expired) since the handshake: check it again before widening what the socket hears
      authenticate(readyDeps(), socket.data.token)
        .then(async (live) => {
          if (!live) {
            reply({ ok: false, channel, error: 'unauthenticated' });
            socket.disconnect(true);
            return;
          }
          // rules that need the database (an assignment's channel: the assignment in the user's reach)
          if (!(await mayJoinChannel(readyDeps(), live, socket.data.subject, channel)))
            return reply({ ok: false, channel, error: 'forbidden' });
          await socket.join(channel);
          reply({ ok: true, channel });
        })
        .catch((err: unknown) => {
          readyDeps().log.error({ err }, 'socket subscribe failed');
          reply({ ok: false, channel, error: 'unauthenticated' });
        });
    });
    socket.on('leave', (channel: unknown, ack?: unknown) => {
      const reply: Ack = typeof ack === 'function' ? (ack as Ack) : () => undefined;
      if (typeof channel !== 'string' || channel.startsWith('session.'))
        return reply({ ok: false, channel, error: 'invalid' });
      void socket.leave(channel);
      reply({ ok: true, channel });
    });
  });

  let http: HttpServer | null = null;
  let port: number | null = null;
  if (opts.listen) {
    http =
      config.TLS_CERT_FILE && config.TLS_KEY_FILE
        ? createHttpsServer({ cert: readFileSync(config.TLS_CERT_FILE), key: readFileSync(config.TLS_KEY_FILE) })
        : createHttpServer();
    io.attach(http);
    await new Promise<void>((resolve, reject) => {
      http!.once('error', reject);
      http!.listen(opts.port ?? config.REALTIME_PORT, config.HOST, () => resolve());
    });
    const addr = http.address();
    port = typeof addr === 'object' && addr ? addr.port : config.REALTIME_PORT;
  }

  return {
    io,
    port,
    connectionCount: () => io.of('/').sockets.size,
    userChanged(userId) {
      if (opts.pool) io.serverSideEmit('user-changed', userId);
    },
    publish(channel, event, payload) {
      io.to(channel).emit(event as never, payload);
      if (event === REALTIME_EVENTS.sessionRevoked) {
        const sessionId = (payload as { session_id?: number }).session_id;
        // through the adapter this reaches sockets held by every node
        if (sessionId) io.in(sessionRoom(sessionId)).disconnectSockets(true);
      }
    },
    async close() {
      await new Promise<void>((resolve) => {
        void io.close(() => resolve());
      });
      if (http?.listening) await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
