/**
 * `npx tsx scripts/function-lengths.ts [DIR] [--over N]`: the longest functions of DIR's source
 * (default server/, tests excluded), by lines from their first to their last, longest first.
 * server/function-length.test.ts holds the server to its limit with the same measure.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export type FunctionLength = { file: string; name: string; line: number; lines: number };

/** Every function, method and arrow function of a file, with its length in lines. */
export function functionLengths(file: string, text = fs.readFileSync(file, "utf8")): FunctionLength[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: FunctionLength[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ file, name: nameOf(node), line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function nameOf(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return "(anonymous)";
}

/** The source files under dir: .ts and .tsx, not tests. */
export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const over = Number(args[args.indexOf("--over") + 1] ?? 0) || 0;
  const dir = args.find((a) => !a.startsWith("--") && a !== String(over)) ?? "server";
  const all = sourceFiles(dir)
    .flatMap((f) => functionLengths(f))
    .filter((f) => f.lines > over)
    .sort((a, b) => b.lines - a.lines);
  for (const f of all.slice(0, over ? undefined : 20))
    console.log(`${f.lines}\t${f.file}:${f.line}\t${f.name}`);
}
