import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..");
const COMPOSITION_ROOT = "server/services.server.ts";

/** A factory: a capability's constructor (create*), a channel's delivery handlers (*Handlers), the follow-ups. */
const isFactoryName = (name: string) =>
  /^create[A-Z]/.test(name) || /Handlers$/.test(name) || name === "followUpReminders";

function parse(file: string) {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  return ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
}

function calledNames(source: ts.SourceFile) {
  const names: { name: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression))
      names.push({
        name: node.expression.text,
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** The factories the composition root calls: the names it imports from the application's own modules and calls. */
function factoriesOfTheRoot() {
  const source = parse(COMPOSITION_ROOT);
  const imported = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly) continue;
    const from = (statement.moduleSpecifier as ts.StringLiteral).text;
    if (!from.startsWith(".")) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const e of bindings.elements) if (!e.isTypeOnly) imported.add(e.name.text);
  }
  return [...new Set(calledNames(source).map((c) => c.name))].filter(
    (n) => imported.has(n) && isFactoryName(n),
  );
}

/** The application's own source: the server, the pages, the commands (not tests, fixtures, benchmarks or timings, which build units on purpose). */
function applicationFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return file === "scripts/bench" ? [] : applicationFiles(file);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name) || /bench|timing/.test(entry.name))
      return [];
    return [file];
  });
}

/**
 * Commands that build one capability alone, and why (decision 0039): loading every capability's
 * modules under tsx trebled the studio-user command's start (10 s to 23 s on a loaded machine).
 */
const LIGHT_COMMANDS: Record<string, string[]> = {
  "scripts/studio-user.ts": ["createStudioAuth"],
};

describe("the composition root", () => {
  const factories = factoriesOfTheRoot();

  it("builds the capabilities: the factories it calls are read from it", () => {
    // A sample the rest of this test depends on; the list itself comes from services.server.ts.
    expect(factories).toEqual(
      expect.arrayContaining([
        "createPayments",
        "createQuoteRefunds",
        "createLeadTimeline",
        "createOutboxWorker",
      ]),
    );
  });

  it("is the only place that calls a capability's factory", () => {
    const elsewhere: string[] = [];
    for (const file of ["server", "app", "scripts"].flatMap(applicationFiles)) {
      if (file === COMPOSITION_ROOT) continue;
      for (const call of calledNames(parse(file)))
        if (factories.includes(call.name) && !LIGHT_COMMANDS[file]?.includes(call.name))
          elsewhere.push(`${file}:${call.line} ${call.name}`);
    }
    expect(elsewhere).toEqual([]);
  });
});
