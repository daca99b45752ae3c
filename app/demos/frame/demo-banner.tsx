import { ArrowLeft, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { Container } from "~/components/ui/container";
import { siteConfig } from "~/content/site";
import { href } from "~/lib/href";

/** Closes every demo landing page: says what this is and leads back to the studio. */
export function DemoBanner() {
  return (
    <aside aria-label="About this demo" className="border-t bg-muted" data-testid="demo-banner">
      <Container className="flex flex-col items-center gap-4 py-10 text-center sm:flex-row sm:justify-between sm:text-left">
        <p className="flex items-start gap-3 text-sm sm:items-center">
          <Sparkles aria-hidden className="mt-0.5 size-5 shrink-0 text-primary sm:mt-0" />
          <span>
            <strong>This is a demo site</strong> made by {siteConfig.name} to showcase our web development. The business,
            people and prices are fictional.
          </span>
        </p>
        <Link
          to={href("/portfolio")}
          className="inline-flex shrink-0 items-center gap-2 rounded-md border border-input bg-background px-4 py-2 text-sm font-semibold text-foreground hover:bg-background/80"
        >
          <ArrowLeft aria-hidden className="size-4" /> Back to {siteConfig.shortName} portfolio
        </Link>
      </Container>
    </aside>
  );
}
