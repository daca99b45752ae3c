import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

import { islands } from "./scripts/vite/islands";
import { DEFAULT_SITE_URL } from "./server/paths";
import { databaseTestFiles, SERVER_TEST_FILES } from "./tests/setup/database-files";

/** The server's tests, on the database TEST_DATABASE_URL names (scripts/with-postgres.ts) or else on SQLite. */
const server = (name: string, include: string[]): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    environment: "node",
    include,
    // Migrates the run's template database once; each test copies it (tests/helpers/databases.ts).
    globalSetup: ["tests/setup/database-template.ts"],
    // The files share their worker's modules instead of loading the server afresh each (a new
    // process per file cost more than half of this project's CPU). They keep no state between
    // them: each test makes its own app, database, fakes and clock, and restores what it changes
    // (fake timers, spies).
    isolate: false,
    // A server test that takes 10 s alone took 33 s in a run beside the other stages (load 20 on
    // two cores), and 44 s with three more busy processes: the limit is for a test that hangs,
    // not one the machine slowed. Tests keep no shorter limits of their own.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

// Projects extend this root config: path aliases and the build-time SITE_URL constant.
export default defineConfig({
  plugins: [islands()],
  resolve: { tsconfigPaths: true },
  define: { __SITE_URL__: JSON.stringify(DEFAULT_SITE_URL) },
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where the
    // server's files wait (on databases, child processes, timers) twice as long as they compute.
    // Three overlap those waits: the unit stage took 330 s instead of 557 s on a loaded machine.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    projects: [
      {
        extends: true,
        test: {
          name: "app",
          environment: "jsdom",
          // The files share their worker's document and modules too (a fresh jsdom and module graph
          // per file: 55 s for the project alone, 18 s shared). A file that installs listeners on the
          // document removes them after it (page-enhancements, payment-form); the project passes
          // with its files in any order on one worker (--sequence.shuffle.files, four seeds).
          isolate: false,
          include: ["app/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/setup/vitest-dom.ts"],
          // Typing with user-event is per keystroke; on a loaded 2-core CI machine 5 s is too tight.
          testTimeout: 40_000,
        },
      },
      server("server", SERVER_TEST_FILES),
      // npm run test:pg: of the server's tests, only those that reach the database under test
      // (tests/setup/database-files.ts); the others would run the same code as on SQLite again.
      ...(process.env.TEST_DATABASE_URL ? [server("postgres", databaseTestFiles())] : []),
    ],
  },
});
