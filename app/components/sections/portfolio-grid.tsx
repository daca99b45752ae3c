import { ArrowUpRight, Check } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import type { PortfolioItem } from "~/content/portfolio";
import { cn } from "~/lib/cn";

/** Hue of each card's artwork, so the eight cards read as eight different businesses. */
const hues: Record<string, number> = {
  consultant: 225,
  portfolio: 280,
  landscaper: 145,
  bakery: 30,
  plumber: 200,
  gym: 0,
  barbershop: 330,
  electrician: 48,
};

/** A small self-made thumbnail: a stylised page in the demo's hue. Decorative. */
function DemoThumbnail({ id }: { id: string }) {
  const hue = hues[id] ?? 220;
  const strong = `hsl(${hue} 65% 42%)`;
  const soft = `hsl(${hue} 70% 94%)`;
  return (
    <svg aria-hidden focusable="false" width="320" height="160" viewBox="0 0 320 160" className="h-auto w-full">
      <rect width="320" height="160" fill={soft} />
      <rect x="20" y="16" width="48" height="8" rx="4" fill={strong} />
      <rect x="228" y="14" width="72" height="12" rx="6" fill={strong} />
      <rect x="20" y="44" width="150" height="12" rx="6" fill="#0b1324" opacity="0.8" />
      <rect x="20" y="62" width="110" height="12" rx="6" fill="#0b1324" opacity="0.8" />
      <rect x="20" y="84" width="130" height="6" rx="3" fill="#0b1324" opacity="0.35" />
      <rect x="20" y="104" width="60" height="18" rx="9" fill={strong} />
      <circle cx="250" cy="90" r="44" fill={strong} opacity="0.18" />
      <path d="M206 134 240 92l22 24 14-14 28 32Z" fill={strong} opacity="0.55" />
    </svg>
  );
}

export function PortfolioCard({ item, compact = false }: { item: PortfolioItem; compact?: boolean }) {
  const titleId = `portfolio-${item.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="group relative flex w-full flex-col overflow-hidden rounded-2xl border bg-card shadow-sm transition-shadow focus-within:shadow-md hover:shadow-lg"
    >
      <div className="border-b">
        <DemoThumbnail id={item.id} />
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

export function PortfolioGrid({ items, compact = false, className }: { items: readonly PortfolioItem[]; compact?: boolean; className?: string }) {
  return (
    <ul className={cn("grid gap-6 sm:grid-cols-2 lg:grid-cols-3", className)}>
      {items.map((item) => (
        <li key={item.id} className="flex">
          <PortfolioCard item={item} compact={compact} />
        </li>
      ))}
    </ul>
  );
}
