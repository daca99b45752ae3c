import { defineConfig } from "vitest/config";

import { islands } from "./scripts/vite/islands";
import { DEFAULT_SITE_URL } from "./server/paths";

// Projects extend this root config: path aliases and the build-time SITE_URL constant.
export default defineConfig({
  plugins: [islands()],
  resolve: { tsconfigPaths: true },
  define: { __SITE_URL__: JSON.stringify(DEFAULT_SITE_URL) },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "app",
          environment: "jsdom",
          include: ["app/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/setup/vitest-dom.ts"],
          // Typing with user-event is per keystroke; on a loaded 2-core CI machine 5 s is too tight.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: ["server/**/*.test.ts", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
          // Each file opens its own databases; PostgreSQL tests use a schema of their own.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
