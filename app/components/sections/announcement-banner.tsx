import { Bell, Megaphone, Sparkles } from "lucide-react";

import { Badge } from "~/components/ui/badge";
import { Container } from "~/components/ui/container";
import type { Announcement } from "~/content/announcements";
import { cn } from "~/lib/cn";
import { formatCalendarDate } from "~/lib/site-time";

/** Look of an announcement by its type (what it is) ... */
const typeStyles: Record<Announcement["type"], { icon: typeof Bell; label: string; iconClass: string }> = {
  promotion: { icon: Sparkles, label: "Promotion", iconClass: "bg-accent text-accent-foreground" },
  update: { icon: Megaphone, label: "Update", iconClass: "bg-primary text-primary-foreground" },
  other: { icon: Bell, label: "Notice", iconClass: "bg-secondary text-secondary-foreground" },
};

/** ... and by its priority (how loudly it is shown). */
const priorityStyles: Record<Announcement["priority"], string> = {
  high: "border-primary/40 bg-secondary shadow-md ring-1 ring-primary/20",
  medium: "border-primary/20 bg-card shadow-sm",
  other: "border-border bg-muted/60",
};

/** The home page's announcement banner, one card per announcement (docs/product.md#site-pages). */
export function AnnouncementBanner({ items }: { items: readonly Announcement[] }) {
  if (items.length === 0) return null;
  return (
    <section id="announcements" aria-labelledby="announcements-title" className="scroll-mt-20 py-8 sm:py-10">
      <Container>
        <h2 id="announcements-title" className="sr-only">
          Announcements
        </h2>
        <ul className="grid gap-4">
          {items.map((a) => {
            const t = typeStyles[a.type];
            const Icon = t.icon;
            return (
              <li
                key={a.id}
                data-type={a.type}
                data-priority={a.priority}
                className={cn(
                  "flex flex-col gap-4 rounded-2xl border p-5 sm:flex-row sm:items-center sm:p-6",
                  priorityStyles[a.priority],
                )}
              >
                <span
                  className={cn("flex size-11 shrink-0 items-center justify-center rounded-xl", t.iconClass)}
                >
                  <Icon aria-hidden className="size-5" />
                </span>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <h3 className="text-lg font-bold">{a.title}</h3>
                    <Badge variant={a.priority === "high" ? "default" : "secondary"}>
                      {t.label}
                      {a.priority === "high" && " · Important"}
                    </Badge>
                  </div>
                  <p className="mt-1 text-muted-foreground">{a.content}</p>
                </div>
                <time dateTime={a.date} className="shrink-0 text-sm font-medium text-muted-foreground">
                  {formatCalendarDate(a.date)}
                </time>
              </li>
            );
          })}
        </ul>
      </Container>
    </section>
  );
}
