import { defineConfig } from 'vitest/config';

// Projects: unit (pure packages and UI logic), dom (React components in jsdom), api (HTTP tests on an in-process PGlite) and, when
// TEST_DATABASE_URL is set, api-postgres (the same API tests on real PostgreSQL). e2e has its own config.
const apiTest = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['apps/api/**/*.test.ts'],
    environment: 'node',
    env: { TZ: 'UTC', AULA_TEST_DB: db },
    globalSetup: ['apps/api/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
    // each file builds its own app on its own fresh database (test/test-app.ts), so a worker's files can share one
    // module graph: the app's modules are imported once per worker instead of once per file (CI time)
    isolate: false,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/**/*.test.ts',
            'apps/dashboard/**/*.test.ts',
            'apps/student/**/*.test.ts',
            'e2e/support/*.test.ts',
          ],
          env: { TZ: 'UTC' },
          // pure functions: no module state or mocks to leak between files, so they share a worker's module graph
          isolate: false,
        },
      },
      {
        // React components (the activity renderer, dashboard pages' parts, the student's player) rendered into jsdom with
        // Testing Library; the apps' code reads the build-time app name (the student's tests set their own)
        define: { __AULA_APP__: JSON.stringify('dashboard') },
        test: {
          name: 'dom',
          include: ['packages/**/*.test.tsx', 'apps/dashboard/**/*.test.tsx', 'apps/student/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['packages/activity/test/setup.ts'],
          env: { TZ: 'UTC' },
          // a page test renders a whole page in jsdom: seconds on a busy two-core machine, so not vitest's 5 s
          testTimeout: 20_000,
        },
      },
      apiTest('api', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiTest('api-postgres', 'postgres')] : []),
    ],
  },
});
