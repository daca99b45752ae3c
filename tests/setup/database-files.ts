import fs from "node:fs";
import path from "node:path";

/**
 * Which server test files the PostgreSQL pass runs, read from the source, not a hand list.
 *
 * A test can only behave differently on PostgreSQL if something it runs reads the
 * variables scripts/with-postgres.ts sets (TEST_DATABASE_URL, TEST_PG_*): the databases
 * helper does, and so does any test that reaches the server on its own. So a file runs on
 * both databases when a module it imports, directly or through other modules, mentions one
 * of them; every other file would run the very same code twice, and runs on SQLite only.
 * tests/setup/database-files.test.ts checks the split; the SQLite run checks that no file
 * outside it opens a test database (tests/helpers/databases.ts).
 */

const root = path.resolve(import.meta.dirname, "../..");

/** The server project's test files (vitest.config.ts), relative to the project's root. */
export const SERVER_TEST_FILES = [
  "server/**/*.test.ts",
  "scripts/**/*.test.ts",
  "tests/integration/**/*.test.ts",
  "tests/setup/**/*.test.ts",
];

/** What marks a module as reading the database under test (this module names them without reading them). */
export const READS_TEST_DATABASE = /\b(TEST_DATABASE_URL|TEST_PG_[A-Z_]+)\b/;

/** Static imports and re-exports (`import ... from "x"`, `import "x"`, `export ... from "x"`) and `import("x")`. */
const IMPORT =
  /(?:\bimport\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?|\bexport\s+(?:type\s+)?[\w*{}\s,$]*\s+from\s+|\bimport\s*\(\s*)["']([^"']+)["']/g;

const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

/** The file a specifier names inside the project (relative, or `~/` for app/ as tsconfig's paths say), or undefined for a package. */
export function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("./") || specifier.startsWith("../"))
    base = path.resolve(path.dirname(from), specifier);
  else if (specifier.startsWith("~/")) base = path.join(root, "app", specifier.slice(2));
  else return undefined;
  base = base.replace(/\?.*$/, "");
  for (const ext of EXTENSIONS) {
    const file = base + ext;
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  // A module imported as .js that is TypeScript on disk.
  const ts = base.replace(/\.js$/, ".ts");
  return fs.existsSync(ts) ? ts : undefined;
}

/** The project's modules a file imports (type-only imports left out: they run nothing). */
export function importsOf(file: string): string[] {
  if (!/\.(ts|tsx|js|mjs)$/.test(file)) return [];
  const source = fs.readFileSync(file, "utf8");
  const found: string[] = [];
  for (const m of source.matchAll(IMPORT)) {
    if (/^(import|export)\s+type\s/.test(m[0])) continue;
    const resolved = resolveImport(file, m[1]!);
    if (resolved) found.push(resolved);
  }
  return found;
}

/** Whether `file`, or a module it imports directly or through others, reads the database under test. */
function readsTestDatabase(
  file: string,
  modules: Map<string, { reads: boolean; imports: string[] }>,
): boolean {
  const seen = new Set([file]);
  const queue = [file];
  for (let next = queue.pop(); next; next = queue.pop()) {
    let module = modules.get(next);
    if (!module) {
      const reads = next !== import.meta.filename && READS_TEST_DATABASE.test(fs.readFileSync(next, "utf8"));
      module = { reads, imports: importsOf(next) };
      modules.set(next, module);
    }
    if (module.reads) return true;
    for (const f of module.imports) {
      if (seen.has(f)) continue;
      seen.add(f);
      queue.push(f);
    }
  }
  return false;
}

/** Every server test file, relative to the root, sorted. */
export function serverTestFiles(): string[] {
  return SERVER_TEST_FILES.flatMap((pattern) => fs.globSync(pattern, { cwd: root })).sort();
}

/** The server test files that run on both databases, relative to the root, sorted. */
export function databaseTestFiles(): string[] {
  const modules = new Map<string, { reads: boolean; imports: string[] }>();
  return serverTestFiles().filter((f) => readsTestDatabase(path.join(root, f), modules));
}

/**
 * The SQLite run's check of the split: a test file that opens a test database must be one the
 * PostgreSQL pass runs. Throws for one that is not (an import the walk above cannot follow).
 */
export function checkRunsOnPostgres(testPath: string | undefined, onPostgres: readonly string[]) {
  if (!testPath) return;
  const file = path.relative(root, testPath).split(path.sep).join("/");
  if (!onPostgres.includes(file))
    throw new Error(
      `${file} opens a test database, but npm run test:pg would leave it out: tests/setup/database-files.ts finds no import of the databases helper in it`,
    );
}
