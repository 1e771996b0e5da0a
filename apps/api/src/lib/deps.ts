import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { SessionCache } from './session-cache';

/** Publishes a domain event to real-time channels (plugins/realtime.ts implements it; a no-op without realtime). */
export interface EventBus {
  publish(channel: string, event: string, payload: unknown): void;
  /** Tells the other API nodes to drop the user's cached sessions (this node's are dropped by the caller). */
  userChanged?(userId: number): void;
  /** Sockets open on this process (for /metrics); absent where events are only recorded. */
  connectionCount?(): number;
}

/** Jobs of one queue in one pg-boss state (created, retry, active, completed, cancelled, failed). */
export interface JobStateCount {
  queue: string;
  state: string;
  count: number;
}

/** Enqueues durable background work (plugins/jobs.ts implements it with pg-boss). */
export interface JobQueue {
  send(name: string, payload: object, opts?: { singletonKey?: string; startAfter?: Date }): Promise<string | null>;
  /** Cancels a queued job (e.g. an unscheduled publish); a job that already ran or is unknown is left alone. */
  cancel(name: string, id: string): Promise<void>;
  /** Rejects when the queue's database does not answer (for /health); absent where jobs are only recorded. */
  ping?(): Promise<void>;
  /** Jobs per queue and state (for /metrics). */
  countByState?(): Promise<JobStateCount[]>;
}

/** What a service function needs from the outside world; routes pass `req.server.deps`. */
export interface Deps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  events: EventBus;
  jobs: JobQueue;
  sessions: SessionCache;
}
