import { redirect } from "react-router";

import { readFormPost } from "~/lib/form-post";

import type { Route } from "./+types/sign-out";
import { PORTAL_PATH, portalServices } from "./guard";

export function loader() {
  return redirect(PORTAL_PATH);
}

/** Ends the client's session (a POST from the portal's own page: the server's guard refuses others). */
export async function action({ request, context }: Route.ActionArgs) {
  const { signIn } = portalServices(context);
  await readFormPost(request, context);
  const headers = new Headers();
  for (const cookie of await signIn.signOut(request.headers)) headers.append("Set-Cookie", cookie);
  return redirect(`${PORTAL_PATH}?signed-out=1`, { headers });
}
