import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "build-*/**",
      ".react-router/**",
      "node_modules/**",
      "reports/**",
      "test-results/**",
      "playwright-report/**",
      "public/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // The browser must get zod with its eval-free setting (app/lib/zod.ts).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/lib/zod.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "zod", message: 'Import { z } from "~/lib/zod" (CSP-safe, jitless).' }] },
      ],
    },
  },
  {
    // Content modules ship on every page: their zod schemas live in test-only modules
    // (app/content/schemas.ts, app/demos/frame/schemas.ts) so zod loads only where a form is.
    files: ["app/content/**/*.ts", "app/demos/**/content.ts", "app/demos/frame/*.{ts,tsx}"],
    ignores: [
      "app/content/schemas.ts",
      "app/demos/frame/schemas.ts",
      "app/demos/frame/content-test-kit.ts",
      "**/*.test.{ts,tsx}",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "zod", message: 'Import { z } from "~/lib/zod" (CSP-safe, jitless).' },
            {
              name: "~/lib/zod",
              allowTypeImports: true,
              message:
                "Content is validated in tests: put the schema in the schemas module, import only types here.",
            },
          ],
          patterns: [
            {
              group: ["**/schemas", "~/content/schemas", "~/demos/frame/schemas"],
              allowTypeImports: true,
              message: "Schema modules are test-only: import only types from them.",
            },
          ],
        },
      ],
    },
  },
  {
    // Decision 0043: every difference between SQLite and PostgreSQL lives in server/db/dialect.ts,
    // named for what it does; nothing else forks on the database's kind. The test harness, which
    // opens one engine or the other, is the exception.
    files: ["**/*.{ts,tsx}"],
    ignores: ["server/db/dialect.ts", "tests/helpers/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          "MemberExpression[property.name='kind'][object.name=/^(database|appDatabase)$/]",
          "MemberExpression[property.name='kind'][object.property.name='database']",
          "VariableDeclarator[init.name=/^(database|appDatabase)$/] > ObjectPattern > Property[key.name='kind']",
          "VariableDeclarator[init.property.name='database'] > ObjectPattern > Property[key.name='kind']",
        ].map((selector) => ({
          selector,
          message:
            "Ask server/db/dialect.ts for the behaviour (serialiseOn, skippingClaimed, sqlBoolean, ...) instead of reading the database's kind (decision 0043).",
        })),
      ],
    },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
);
