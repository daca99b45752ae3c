import { ArrowUpRight, Check } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import type { PortfolioItem } from "~/content/portfolio";
import { cn } from "~/lib/cn";
import { PREVIEW_WIDTHS, previewHeight, previewSrc, previewSrcSet } from "~/lib/demo-previews";

/**
 * Rendered widths of a card's preview (Container padding 16/24/32 px, 24 px gaps), so
 * the browser takes the smallest file of the srcset that stays sharp.
 */
const previewSizes = {
  full: "(min-width: 1152px) 532px, (min-width: 1024px) calc(50vw - 44px), (min-width: 640px) calc(50vw - 36px), calc(100vw - 34px)",
  compact: "(min-width: 1152px) 347px, (min-width: 1024px) calc(33vw - 37px), (min-width: 768px) calc(33vw - 33px), calc(100vw - 34px)",
};

/**
 * A picture of the demo's own home page (scripts/demo-previews.ts). Eager, and first
 * in line, only for a card that shows above the fold; the others load when scrolled near.
 */
function DemoPreview({ item, compact, eager }: { item: PortfolioItem; compact: boolean; eager: boolean }) {
  const [small] = PREVIEW_WIDTHS;
  return (
    <img
      src={previewSrc(item.id, small)}
      srcSet={previewSrcSet(item.id)}
      sizes={compact ? previewSizes.compact : previewSizes.full}
      width={small}
      height={previewHeight(small)}
      alt={`Preview of the ${item.title} demo's home page`}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : "low"}
      decoding="async"
      className="block h-auto w-full bg-muted"
    />
  );
}

export function PortfolioCard({ item, compact = false, eager = false }: { item: PortfolioItem; compact?: boolean; eager?: boolean }) {
  const titleId = `portfolio-${item.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="group relative flex w-full flex-col overflow-hidden rounded-2xl border bg-card shadow-sm transition-shadow focus-within:shadow-md hover:shadow-lg"
    >
      <div className="border-b">
        <DemoPreview item={item} compact={compact} eager={eager} />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{item.category}</Badge>
          <Badge variant="outline" className="border-accent/40 text-accent">
            <span aria-hidden className="size-1.5 rounded-full bg-accent" />
            {item.type}
          </Badge>
        </div>
        <h3 id={titleId} className="mt-4 text-xl font-bold">
          {item.title}
        </h3>
        <p className="mt-2 leading-relaxed text-muted-foreground">{item.description}</p>
        {!compact && (
          <>
            <h4 className="sr-only">Features</h4>
            <ul className="mt-4 grid gap-1.5 text-sm">
              {item.features.map((f) => (
                <li key={f} className="flex items-start gap-2">
                  <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
                  {f}
                </li>
              ))}
            </ul>
            <h4 className="sr-only">Technologies</h4>
            <ul className="mt-4 flex flex-wrap gap-1.5">
              {item.technologies.map((t) => (
                <li key={t} className="rounded-md bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
                  {t}
                </li>
              ))}
            </ul>
          </>
        )}
        <div className="mt-auto pt-6">
          <Link
            to={item.link}
            className="inline-flex items-center gap-1.5 font-semibold text-primary after:absolute after:inset-0 after:content-[''] hover:underline"
          >
            View {item.type}
            <span className="sr-only">: {item.title}</span>
            <ArrowUpRight aria-hidden className="size-4 transition-transform group-hover:translate-x-0.5 group-hover:-translate-y-0.5" />
          </Link>
        </div>
      </div>
    </article>
  );
}

/**
 * The demo cards. The full grid takes two columns so its eight cards fill every row; the
 * compact one (three cards on home) goes from one column to three, never two over one.
 * `eagerFirst` is for a grid whose first card shows above the fold.
 */
export function PortfolioGrid({
  items,
  compact = false,
  eagerFirst = false,
  className,
}: {
  items: readonly PortfolioItem[];
  compact?: boolean;
  eagerFirst?: boolean;
  className?: string;
}) {
  return (
    <ul className={cn("grid gap-6", compact ? "md:grid-cols-3" : "sm:grid-cols-2", className)}>
      {items.map((item, i) => (
        // Cards after the first are laid out, and their pictures fetched, only as they near the viewport.
        <li key={item.id} className={cn("flex", i > 0 && "lazy-item [contain-intrinsic-size:none_auto_600px]")}>
          <PortfolioCard item={item} compact={compact} eager={eagerFirst && i === 0} />
        </li>
      ))}
    </ul>
  );
}
