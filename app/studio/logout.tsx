import { redirect } from "react-router";

import type { Route } from "./+types/logout";
import { LOGIN_PATH } from "./guard";

/** POST only: ends the session on the server and clears the cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const headers = new Headers();
  for (const cookie of (await context.studio?.sessions.signOut(request.headers)) ?? [])
    headers.append("Set-Cookie", cookie);
  return redirect(LOGIN_PATH, { headers });
}

export function loader() {
  return redirect("/studio");
}
