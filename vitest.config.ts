import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Both cores (Vitest's default leaves one idle on a two-core machine).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/**/*.test.ts', 'packages/**/*.test.ts'],
          // Migrates one database per run; each test file's openTestDatabase() copies it.
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Test files share their worker's module cache: every file imports the whole server, and
          // importing it again per file took a third of the suite's time (decision 036). A test
          // therefore passes what it needs to replace (`AppDeps`) instead of mocking modules.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
