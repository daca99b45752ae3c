import { Lexer, type Token, type Tokens } from "marked";

/*
 * A quote's scope of work (issue 38): Markdown the studio writes, read by marked's lexer into a
 * small closed set of blocks (headings, paragraphs, lists) with plain-text runs. Nothing here is
 * ever HTML: the quote page renders the blocks as React elements (which escape text), the
 * agreement PDF draws them with pdfkit, and raw HTML the studio types is kept as visible text,
 * so what the client reads is what was written, and no markup or script can reach the page.
 */

export { MAX_SCOPE_LENGTH } from "./scope-limits";

export type ScopeRun = { style: "text" | "strong" | "em" | "code"; text: string };
export type ScopeBlock =
  | { kind: "heading"; level: 2 | 3 | 4; runs: ScopeRun[] }
  | { kind: "paragraph"; runs: ScopeRun[] }
  | { kind: "list"; ordered: boolean; items: { depth: number; runs: ScopeRun[] }[] };

type Style = ScopeRun["style"];

/** The inline tokens as plain-text runs: emphasis kept as a style, links as their text, HTML as the text typed. */
function runs(tokens: readonly Token[] | undefined, style: Style = "text"): ScopeRun[] {
  const out: ScopeRun[] = [];
  for (const t of tokens ?? []) {
    if (t.type === "strong" || t.type === "em") out.push(...runs((t as Tokens.Strong).tokens, t.type));
    else if (t.type === "codespan") out.push({ style: "code", text: (t as Tokens.Codespan).text });
    else if (t.type === "br") out.push({ style, text: "\n" });
    else if ("tokens" in t && t.tokens && t.tokens.length > 0) out.push(...runs(t.tokens, style));
    else if ("text" in t && typeof t.text === "string") out.push({ style, text: t.text });
  }
  // Neighbours of one style become one run (the PDF and the page draw fewer pieces).
  return out.reduce<ScopeRun[]>((acc, r) => {
    const last = acc.at(-1);
    if (last && last.style === r.style) last.text += r.text;
    else acc.push({ ...r });
    return acc;
  }, []);
}

function listItems(list: Tokens.List, depth: number): { depth: number; runs: ScopeRun[] }[] {
  return list.items.flatMap((item) => {
    const own = item.tokens.filter((t) => t.type !== "list");
    const nested = item.tokens.filter((t): t is Tokens.List => t.type === "list");
    return [
      { depth, runs: runs(own.flatMap((t) => ("tokens" in t && t.tokens ? t.tokens : [t]))) },
      ...nested.flatMap((n) => listItems(n, Math.min(depth + 1, 3))),
    ];
  });
}

/** The scope's blocks; an empty scope has none. A heading of any level reads as level 2 to 4 (the page's h1 is its title). */
export function scopeBlocks(markdown: string): ScopeBlock[] {
  if (markdown.trim() === "") return [];
  const blocks: ScopeBlock[] = [];
  const add = (t: Token) => {
    if (t.type === "heading") {
      const h = t as Tokens.Heading;
      blocks.push({
        kind: "heading",
        level: Math.min(Math.max(h.depth + 1, 2), 4) as 2 | 3 | 4,
        runs: runs(h.tokens),
      });
    } else if (t.type === "list") {
      const l = t as Tokens.List;
      blocks.push({ kind: "list", ordered: l.ordered, items: listItems(l, 0) });
    } else if (t.type === "blockquote") (t as Tokens.Blockquote).tokens.forEach(add);
    else if (t.type === "paragraph")
      blocks.push({ kind: "paragraph", runs: runs((t as Tokens.Paragraph).tokens) });
    else if (t.type === "code" || t.type === "html" || t.type === "text" || t.type === "table") {
      // Code, tables and raw HTML are shown as the text typed: never interpreted.
      const text = "text" in t && typeof t.text === "string" ? t.text : t.raw;
      if (text.trim()) blocks.push({ kind: "paragraph", runs: [{ style: "text", text: text.trim() }] });
    }
  };
  Lexer.lex(markdown, { gfm: true }).forEach(add);
  return blocks;
}

const plain = (r: ScopeRun[]) => r.map((x) => x.text).join("");

/** The scope in one line of plain text, at most `max` characters: what an invoice says it is for. */
export function scopeSummary(markdown: string, max = 240): string {
  const text = scopeBlocks(markdown)
    .map((b) => (b.kind === "list" ? b.items.map((i) => plain(i.runs)).join("; ") : plain(b.runs)))
    .join(" · ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
