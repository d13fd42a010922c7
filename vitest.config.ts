import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/globalSetup.ts'],
    testTimeout: 60_000,
    // Derived files (the encoder translated for onnxruntime) in the checkout, not the user's data folder.
    env: { DOCENT_CACHE: '.docent-test-cache' },
    hookTimeout: 120_000,
    // Native modules (better-sqlite3, sqlite-vec) and worker threads behave best in forks.
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
