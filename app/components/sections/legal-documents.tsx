import { Download, ExternalLink, FileText } from "lucide-react";

import { Button } from "~/components/ui/button";
import type { LegalDocumentLink } from "~/content/extras";

/**
 * The legal PDFs. The terms can be saved (download) or read in a new tab; the
 * privacy policy opens in a new tab (docs/product.md#site-pages, Extras). Plain anchors, not
 * router links: these are files, not pages.
 */
export function LegalDocuments({ items }: { items: readonly LegalDocumentLink[] }) {
  return (
    <ul className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
      {items.map((d) => (
        <li key={d.id} className="flex flex-col rounded-2xl border bg-card p-7 shadow-sm">
          <div className="flex items-start gap-4">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-secondary text-primary">
              <FileText aria-hidden className="size-6" />
            </span>
            <div>
              <h3 className="text-xl font-bold">{d.title}</h3>
              <p className="mt-0.5 text-sm text-muted-foreground">PDF document</p>
            </div>
          </div>
          <p className="mt-4 flex-1 leading-relaxed text-muted-foreground">{d.description}</p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Button asChild variant={d.downloadable ? "outline" : "default"}>
              <a href={d.href} target="_blank" rel="noopener">
                <ExternalLink aria-hidden />
                Open {d.title}
                <span className="sr-only"> (PDF, opens in a new tab)</span>
              </a>
            </Button>
            {d.downloadable && (
              <Button asChild>
                <a href={d.href} download>
                  <Download aria-hidden />
                  Download PDF<span className="sr-only">: {d.title}</span>
                </a>
              </Button>
            )}
          </div>
          <p className="mt-3 text-xs text-muted-foreground">
            {d.downloadable ? "Open in a new tab or save a copy." : "Opens in a new tab."}
          </p>
        </li>
      ))}
    </ul>
  );
}
