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
    // A journey takes 20-40 s on this project's 2-core machines, and up to twice that on a host that is slow to give
    // Chromium's renderers fresh memory (a virtual machine whose host backs each new page lazily: 1.6 s for the first
    // touch of 512 MB, 28 ms for the second) while two workers share its cores; the limits are for a journey that
    // hangs, not a slow one.
    testTimeout: 150_000,
    hookTimeout: 180_000,
    // expect.poll's own default is 1 s
    expect: { poll: { timeout: 10_000 } },
  },
});
