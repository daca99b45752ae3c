import { Home } from "lucide-react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { href } from "~/lib/href";

/** Centered message with a way home, shared by the 404 page and the root error boundary. */
export function ErrorScreen({
  title,
  detail,
  message,
  reload = false,
}: {
  title: string;
  detail?: string;
  message: string;
  /** Reload the document instead of a client navigation (after a crash, start clean). */
  reload?: boolean;
}) {
  return (
    <div className="grid min-h-[60vh] place-items-center px-4 py-24 text-center">
      <div className="max-w-md">
        {detail && <p className="text-sm font-semibold uppercase tracking-widest text-primary">{detail}</p>}
        <h1 className="mt-3 text-4xl font-bold sm:text-5xl">{title}</h1>
        <p className="mt-4 text-muted-foreground">{message}</p>
        <Button asChild size="lg" className="mt-8">
          <Link to={href("/")} reloadDocument={reload}>
            <Home aria-hidden /> Return to Home
          </Link>
        </Button>
      </div>
    </div>
  );
}
