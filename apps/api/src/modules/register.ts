import type { FastifyInstance } from 'fastify';

/**
 * Every feature module's routes, mounted in one place. A new module adds one line here.
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  void app;
  await Promise.resolve();
}
