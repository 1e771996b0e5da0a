import { defineConfig } from 'vitest/config';

// One platform process serves every journey (started in global setup), so journeys run one file at a time.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    // each journey fails on a Content-Security-Policy violation (ADR 0007)
    setupFiles: ['support/csp-setup.ts'],
    environment: 'node',
    env: { TZ: 'UTC' },
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
