import { defineConfig } from 'vitest/config';
import { e2eWorkers } from './support/workers';

// Global setup starts one platform per worker (support/platform.ts); each worker runs its journeys one at a time on
// its own platform, so two journeys never share one (E2E_WORKERS=1: the old single-platform serial run).
const workers = e2eWorkers();

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    // each journey fails on a Content-Security-Policy violation (ADR 0007)
    setupFiles: ['support/csp-setup.ts'],
    environment: 'node',
    env: { TZ: 'UTC' },
    pool: 'forks',
    fileParallelism: workers > 1,
    maxWorkers: workers,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
