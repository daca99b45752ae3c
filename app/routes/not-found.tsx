import { useEffect } from "react";
import { data, useLocation } from "react-router";

import { ErrorScreen } from "~/components/layout/error-screen";
import { hydratedRoute } from "~/lib/hydration";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/not-found";

// The catch-all route answers with HTTP 404, never a 200 fallback.
export function loader() {
  return data(null, { status: 404 });
}

// Hydrated so the miss is logged to the browser console (docs/product.md#errors).
export const handle = hydratedRoute;

export const meta: Route.MetaFunction = ({ location }) =>
  seo({
    title: "Page Not Found",
    description: "The page you were looking for does not exist.",
    path: location.pathname,
    noindex: true,
  });

export default function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);
  return (
    <ErrorScreen
      detail="404"
      title="Oops! Page not found"
      message="The page you are looking for doesn't exist or has moved."
    />
  );
}
