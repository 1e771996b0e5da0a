import type { TestProject } from 'vitest/node';
import { startPlatform, type PlatformUrls } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    platform: PlatformUrls;
  }
}

/** One platform for the whole run: starting it (migrations, demo seed) is the slow part. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const platform = await startPlatform();
  project.provide('platform', {
    apiUrl: platform.apiUrl,
    dashboardUrl: platform.dashboardUrl,
    studentUrl: platform.studentUrl,
    databaseUrl: platform.databaseUrl,
  });
  return () => platform.stop();
}
