import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

import {
  checkRunsOnPostgres,
  databaseTestFiles,
  importsOf,
  READS_TEST_DATABASE,
  resolveImport,
  serverTestFiles,
} from "./database-files";

/**
 * The split of npm run test:pg: the PostgreSQL pass skips a server test file only when
 * nothing it runs can tell the two databases apart.
 */
const root = path.resolve(import.meta.dirname, "../..");
const helper = path.join(root, "tests/helpers/databases.ts");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

describe("the files npm run test:pg runs", () => {
  const all = serverTestFiles();
  const onPostgres = databaseTestFiles();

  it("are server test files, and leave out some", () => {
    expect(all.length).toBeGreaterThan(0);
    for (const file of onPostgres) expect(all).toContain(file);
    expect(onPostgres.length).toBeLessThan(all.length);
  });

  it("include every file that imports the databases helper or reads the PostgreSQL variables itself", () => {
    for (const file of all) {
      const direct = importsOf(path.join(root, file)).includes(helper);
      if (direct || READS_TEST_DATABASE.test(read(file))) expect(onPostgres, file).toContain(file);
    }
  });

  it("include every file that reaches the helper through another module (a harness, the app helper)", () => {
    // Every project module that imports the helper, then every test file that imports one of those.
    const modules = fs
      .globSync("{tests,server,scripts}/**/*.{ts,tsx}", { cwd: root, exclude: ["**/node_modules/**"] })
      .filter((f) => !all.includes(f) && importsOf(path.join(root, f)).includes(helper))
      .map((f) => path.join(root, f));
    expect(modules.map((m) => path.relative(root, m))).toContain("tests/helpers/app.ts");
    for (const file of all)
      if (importsOf(path.join(root, file)).some((m) => modules.includes(m)))
        expect(onPostgres, file).toContain(file);
  });

  it("the SQLite run refuses a database opened by a file the PostgreSQL pass would leave out", () => {
    const inside = path.join(root, onPostgres[0]!);
    expect(() => checkRunsOnPostgres(inside, onPostgres)).not.toThrow();
    const outside = path.join(
      root,
      all.find((f) => !onPostgres.includes(f))!,
    );
    expect(() => checkRunsOnPostgres(outside, onPostgres)).toThrow(/npm run test:pg would leave it out/);
  });
});

describe("reading a module's imports", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "imports-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  };

  it("follows every form of import that runs code, and leaves out types and packages", () => {
    const a = write("a.ts", "");
    const b = write("b.tsx", "");
    const c = write("c/index.ts", "");
    const d = write("d.ts", "");
    const e = write("e.ts", "");
    const f = write("f.ts", "");
    write("t.ts", "");
    const file = write(
      "main.ts",
      [
        'import x from "./a";',
        'import {\n  y,\n  type Z,\n} from "./b";',
        'import "./c";',
        'export { w } from "./d";',
        'export * from "./e";',
        'const m = await import("./f");',
        'import type { T } from "./t";',
        'import pg from "pg";',
        'import fs from "node:fs";',
      ].join("\n"),
    );
    expect(importsOf(file).sort()).toEqual([a, b, c, d, e, f].sort());
  });

  it("resolves app modules by tsconfig's ~/ alias", () => {
    expect(resolveImport(path.join(dir, "x.ts"), "~/content/site")).toBe(
      path.join(root, "app/content/site.ts"),
    );
  });
});
