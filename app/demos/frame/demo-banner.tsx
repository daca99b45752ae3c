import { ArrowLeft, ArrowRight, Sparkles } from "lucide-react";
import { Link, useLocation } from "react-router";

import { Container } from "~/components/ui/container";
import { demoRef, refProjectTypes } from "~/content/lead-sources";
import { siteConfig } from "~/content/site";
import { href } from "~/lib/href";

/** The contact link of the demo at `pathname` (/demo/<slug>/...), its ref naming the demo; plain /contact elsewhere. */
export function demoContactLink(pathname: string) {
  const slug = /^\/demo\/([a-z0-9-]+)/.exec(pathname)?.[1];
  const ref = slug ? demoRef(slug) : undefined;
  return ref && ref in refProjectTypes ? `${href("/contact")}?ref=${ref}` : href("/contact");
}

/** Closes every demo landing page: says what this is and leads back to the studio. */
export function DemoBanner() {
  const { pathname } = useLocation();
  return (
    <aside aria-label="About this demo" className="border-t bg-muted" data-testid="demo-banner">
      <Container className="flex flex-col items-center gap-4 py-10 text-center sm:flex-row sm:justify-between sm:text-left">
        <p className="flex items-start gap-3 text-sm sm:items-center">
          <Sparkles aria-hidden className="mt-0.5 size-5 shrink-0 text-primary sm:mt-0" />
          <span>
            <strong>This is a demo site</strong> made by {siteConfig.name} to showcase our web development.
            The business, people and prices are fictional.
          </span>
        </p>
        <div className="flex shrink-0 flex-col gap-3 sm:flex-row">
          <Link
            to={demoContactLink(pathname)}
            // The demo's one goal a browser sends (lib/page-enhancements.ts, docs/product.md#analytics).
            data-goal="demo-cta"
            className="inline-flex items-center justify-center gap-2 rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground hover:bg-primary/90"
          >
            Get a site like this <ArrowRight aria-hidden className="size-4" />
          </Link>
          <Link
            to={href("/portfolio")}
            className="inline-flex items-center justify-center gap-2 rounded-md border border-input bg-background px-4 py-2 text-sm font-semibold text-foreground hover:bg-background/80"
          >
            <ArrowLeft aria-hidden className="size-4" /> Back to {siteConfig.shortName} portfolio
          </Link>
        </div>
      </Container>
    </aside>
  );
}
