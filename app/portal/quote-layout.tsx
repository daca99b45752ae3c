import { Outlet } from "react-router";

import { NoticeRegion } from "~/components/layout/notice-region";

import type { Route } from "./+types/quote-layout";
import { ClientChrome } from "./layout";

export function loader({ context }: Route.LoaderArgs) {
  return { email: context.client?.email ?? null };
}

/** The client's quote page in the client's chrome (issue 39), not the marketing header and footer. */
export default function QuoteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <ClientChrome email={loaderData.email} signInLink>
      <Outlet />
      <NoticeRegion />
    </ClientChrome>
  );
}
