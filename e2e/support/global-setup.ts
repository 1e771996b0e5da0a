import type { TestProject } from 'vitest/node';
import { e2eWorkers } from './workers';
import { startPlatform } from './server';

/** One platform per worker for the whole run: starting it (migrations, demo seed) is the slow part (platform.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const platforms = await Promise.all(Array.from({ length: e2eWorkers() }, () => startPlatform()));
  project.provide(
    'platforms',
    platforms.map((p) => ({
      apiUrl: p.apiUrl,
      dashboardUrl: p.dashboardUrl,
      studentUrl: p.studentUrl,
      databaseUrl: p.databaseUrl,
    })),
  );
  return async () => {
    await Promise.all(platforms.map((p) => p.stop()));
  };
}
