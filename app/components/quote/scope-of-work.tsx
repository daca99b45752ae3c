import type { ScopeBlock, ScopeRun } from "~/shared/scope";

/** A run of the scope as an element: React escapes its text, so nothing the studio typed is read as markup. */
function Run({ run }: { run: ScopeRun }) {
  if (run.style === "strong") return <strong>{run.text}</strong>;
  if (run.style === "em") return <em>{run.text}</em>;
  if (run.style === "code") return <code className="rounded bg-muted px-1 text-[0.95em]">{run.text}</code>;
  return <>{run.text}</>;
}

const Runs = ({ runs }: { runs: ScopeRun[] }) => runs.map((r, i) => <Run key={i} run={r} />);

type Item = { depth: number; runs: ScopeRun[] };

/** A flat list of items with depths, as nested lists again. */
function List({ items, ordered }: { items: Item[]; ordered: boolean }) {
  const Tag = ordered ? "ol" : "ul";
  const top = items[0]?.depth ?? 0;
  const groups: { item: Item; children: Item[] }[] = [];
  for (const item of items)
    if (item.depth === top || groups.length === 0) groups.push({ item, children: [] });
    else groups.at(-1)!.children.push(item);
  return (
    <Tag className={`${ordered ? "list-decimal" : "list-disc"} ml-5 space-y-1`}>
      {groups.map((g, i) => (
        <li key={i}>
          <Runs runs={g.item.runs} />
          {g.children.length > 0 && <List items={g.children} ordered={false} />}
        </li>
      ))}
    </Tag>
  );
}

/**
 * The scope of work the studio wrote for this quote (app/shared/scope.ts): headings,
 * paragraphs and lists, rendered from plain-text blocks; never raw HTML.
 */
export function ScopeOfWork({
  blocks,
  headingLevel = 3,
}: {
  blocks: ScopeBlock[];
  headingLevel?: 2 | 3 | 4;
}) {
  if (blocks.length === 0) return null;
  return (
    <div className="flex flex-col gap-3 leading-relaxed" data-testid="scope-of-work">
      {blocks.map((b, i) => {
        if (b.kind === "list") return <List key={i} items={b.items} ordered={b.ordered} />;
        if (b.kind === "paragraph")
          return (
            <p key={i} className="whitespace-pre-line">
              <Runs runs={b.runs} />
            </p>
          );
        // The quote page's own h2 names the section: the scope's headings sit under it.
        const level = Math.min(6, b.level - 2 + headingLevel);
        const H = `h${level}` as "h2" | "h3" | "h4" | "h5" | "h6";
        return (
          <H key={i} className={level === headingLevel ? "mt-2 text-lg font-semibold" : "mt-1 font-semibold"}>
            <Runs runs={b.runs} />
          </H>
        );
      })}
    </div>
  );
}
