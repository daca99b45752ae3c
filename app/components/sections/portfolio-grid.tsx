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
  // Under 640 px the full card's picture is a thumbnail: 2/5 of the card less padding and gap.
  full: "(min-width: 1152px) 532px, (min-width: 1024px) calc(50vw - 44px), (min-width: 640px) calc(50vw - 36px), calc(40vw - 36px)",
  compact:
    "(min-width: 1152px) 347px, (min-width: 1024px) calc(33vw - 37px), (min-width: 768px) calc(33vw - 33px), calc(100vw - 34px)",
};

/**
 * A picture of the demo's own home page (scripts/demo-previews.ts). Lazy and low priority
 * on every card (decision 0017), and requested only after the page's first paint
 * (`data-after-paint`, lib/after-first-paint.ts): on a phone the first four cards' files
 * were fetched at the first layout and delayed the intro's paint. The frame holds the
 * picture's box meanwhile, so its arrival moves nothing.
 */
function DemoPreview({ item, compact }: { item: PortfolioItem; compact: boolean }) {
  const [small] = PREVIEW_WIDTHS;
  return (
    <div className="bg-muted" style={{ aspectRatio: `${small} / ${previewHeight(small)}` }}>
      <img
        src={previewSrc(item.id, small)}
        srcSet={previewSrcSet(item.id)}
        sizes={compact ? previewSizes.compact : previewSizes.full}
        width={small}
        height={previewHeight(small)}
        alt={`Preview of the ${item.title} demo's home page`}
        loading="lazy"
        fetchPriority="low"
        decoding="async"
        data-after-paint=""
        className="block size-full"
      />
    </div>
  );
}

export function PortfolioCard({ item, compact = false }: { item: PortfolioItem; compact?: boolean }) {
  const titleId = `portfolio-${item.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        "group relative flex w-full flex-col overflow-hidden rounded-2xl border bg-card shadow-sm transition-shadow focus-within:shadow-md hover:shadow-lg",
        // On a phone the full card opens with a thumbnail beside its badges and title, so
        // the page's intro stays the largest thing in the first view and eight cards scan quickly.
        !compact &&
          "max-sm:grid max-sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] max-sm:content-start max-sm:gap-x-4 max-sm:p-5",
      )}
    >
      <div
        className={cn(
          "border-b",
          !compact &&
            "max-sm:row-span-2 max-sm:self-center max-sm:overflow-hidden max-sm:rounded-md max-sm:border",
        )}
      >
        <DemoPreview item={item} compact={compact} />
      </div>
      <div className={cn("flex flex-1 flex-col p-6", !compact && "max-sm:contents")}>
        <div
          className={cn(
            "flex flex-wrap items-center gap-2",
            !compact && "max-sm:col-start-2 max-sm:self-end",
          )}
        >
          <Badge variant="secondary">{item.category}</Badge>
          <Badge variant="outline" className="border-accent/40 text-accent">
            <span aria-hidden className="size-1.5 rounded-full bg-accent" />
            {item.type}
          </Badge>
        </div>
        <h3
          id={titleId}
          className={cn(
            "mt-4 text-xl font-bold",
            !compact && "max-sm:col-start-2 max-sm:mt-2 max-sm:self-start",
          )}
        >
          {item.title}
        </h3>
        <p
          className={cn(
            "mt-2 leading-relaxed text-muted-foreground",
            !compact && "max-sm:col-span-2 max-sm:mt-4",
          )}
        >
          {item.description}
        </p>
        {!compact && (
          <>
            <h4 className="sr-only">Features</h4>
            <ul className="mt-4 grid gap-1.5 text-sm max-sm:col-span-2">
              {item.features.map((f) => (
                <li key={f} className="flex items-start gap-2">
                  <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
                  {f}
                </li>
              ))}
            </ul>
            <h4 className="sr-only">Technologies</h4>
            <ul className="mt-4 flex flex-wrap gap-1.5 max-sm:col-span-2">
              {item.technologies.map((t) => (
                <li
                  key={t}
                  className="rounded-md bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground"
                >
                  {t}
                </li>
              ))}
            </ul>
          </>
        )}
        <div className={cn("mt-auto pt-6", !compact && "max-sm:col-span-2")}>
          <Link
            to={item.link}
            className="inline-flex items-center gap-1.5 font-semibold text-primary after:absolute after:inset-0 after:content-[''] hover:underline"
          >
            View {item.type}
            <span className="sr-only">: {item.title}</span>
            <ArrowUpRight
              aria-hidden
              className="size-4 transition-transform group-hover:translate-x-0.5 group-hover:-translate-y-0.5"
            />
          </Link>
        </div>
      </div>
    </article>
  );
}

/**
 * The demo cards. The full grid takes two columns so its eight cards fill every row; the
 * compact one (three cards on home) goes from one column to three, never two over one.
 */
export function PortfolioGrid({
  items,
  compact = false,
  className,
}: {
  items: readonly PortfolioItem[];
  compact?: boolean;
  className?: string;
}) {
  return (
    <ul className={cn("grid gap-6", compact ? "md:grid-cols-3" : "sm:grid-cols-2", className)}>
      {items.map((item, i) => (
        // Cards after the first are laid out, and their pictures fetched, only as they near the viewport.
        <li
          key={item.id}
          className={cn("flex", i > 0 && "lazy-item [contain-intrinsic-size:none_auto_600px]")}
        >
          <PortfolioCard item={item} compact={compact} />
        </li>
      ))}
    </ul>
  );
}
