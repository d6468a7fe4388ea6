// The distribution tests (test/dist): build the single executable, the MCP
// bundle and the npm tarball, then run each as a user would. Slow (minutes:
// the tarball's install compiles better-sqlite3), so they run apart from
// `npm test`, one file at a time: `npm run test:dist`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/dist/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 900_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
