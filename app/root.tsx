import "./load-context";

import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";

import { ErrorScreen } from "~/components/layout/error-screen";
import { InlineScript, inlineSource } from "~/components/layout/inline-script";
import { FullRenderAfterNavigation, LazyBlocksScript } from "~/components/layout/lazy-blocks";
import { PageEnhancementsScript } from "~/components/layout/page-enhancements-script";
import { RouteAnnouncer } from "~/components/layout/route-announcer";
import { SkipLink } from "~/components/layout/skip-link";
import { deferUntilFirstPaint } from "~/lib/after-first-paint";
import { useHydratedDocument } from "~/lib/hydration";
import { useNonce } from "~/lib/nonce";
import { webFontFaces } from "~/lib/web-fonts";
import stylesheet from "~/styles/app.css?url";

import favicon from "../public/favicon.svg?raw";
import type { Route } from "./+types/root";

// No font is preloaded: the web fonts come after the first paint (lib/after-first-paint.ts).
const afterFirstPaint = inlineSource(deferUntilFirstPaint, webFontFaces);

export const links: Route.LinksFunction = () => [
  // A React 19 stylesheet resource: emitted first in <head>, ahead of the font and
  // module preloads, so it never queues behind them for a connection.
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  // Inline: a separate favicon request shares a phone's first load with the page's own
  // files (reports/portfolio-lcp.md); the file stays for tools that ask for it by name.
  { rel: "icon", href: `data:image/svg+xml,${encodeURIComponent(favicon)}`, type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const hydrated = useHydratedDocument();
  return (
    // Blocks below the fold render lazily on a fresh load (lib/lazy-blocks.ts).
    <html lang="en-CA" data-lazy-blocks="">
      <head>
        <meta charSet="utf-8" />
        <LazyBlocksScript />
        <InlineScript source={afterFirstPaint} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        <Meta />
        <Links />
      </head>
      <body>
        <SkipLink />
        {children}
        <PageEnhancementsScript />
        {hydrated && (
          <>
            <RouteAnnouncer />
            <FullRenderAfterNavigation />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Unknown paths are handled by routes/not-found.tsx; what reaches here is a crash or a
  // response a loader or action threw (a 503 when the server's services are absent).
  if (import.meta.env.DEV) console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <main id="main" tabIndex={-1}>
      <ErrorScreen
        title="Unexpected Application Error!"
        detail={detail}
        message="Something went wrong on our side. Please head back to the home page and try again."
        reload
      />
    </main>
  );
}
