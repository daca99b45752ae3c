import { redirect, type AppLoadContext } from "react-router";

import { formatSiteDateTime } from "~/lib/site-time";

export const LOGIN_PATH = "/studio/login";

/**
 * The studio's services and the signed-in user, or a redirect to the login page.
 * The server's guard (server/studio/guard.server.ts) already refused anonymous
 * requests; loaders and actions check again so no page can render without a user.
 */
export function requireStudio(context: AppLoadContext) {
  const studio = context.studio;
  if (!studio?.user) throw redirect(LOGIN_PATH);
  return { ...studio, user: studio.user };
}

/** The robots rule and title every studio page carries. */
export function studioMeta(title: string) {
  return [{ title: `${title} · Studio` }, { name: "robots", content: "noindex, nofollow" }];
}

/** Studio times in Vancouver time, the same on the server and in the browser (no hydration mismatch). */
export function formatTime(value: string | Date | null | undefined) {
  return value ? formatSiteDateTime(value) : "—";
}

/** Query string of a filter form's values, without the empty ones. */
export function queryString(values: Record<string, string | undefined>) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v) params.set(k, v);
  const text = params.toString();
  return text ? `?${text}` : "";
}
