import { Form, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { hydratedRoute } from "~/lib/hydration";
import { studioMeta } from "./guard";

export const handle = hydratedRoute;
export const meta: Route.MetaFunction = () => studioMeta("Sign in");

export function loader({ context }: Route.LoaderArgs) {
  if (context.studio?.user) throw redirect("/studio");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const studio = context.studio;
  if (!studio) throw new Response("Not found", { status: 404 });
  const form = await request.formData();
  const result = await studio.sessions.signIn(
    { email: form.get("email"), password: form.get("password") },
    { headers: request.headers, clientIp: context.clientIp ?? "unknown" },
  );
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  const headers = new Headers();
  for (const cookie of result.setCookie) headers.append("Set-Cookie", cookie);
  return redirect("/studio", { headers });
}

export default function Login({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex min-h-dvh max-w-sm flex-col justify-center gap-6 px-4 py-12">
      <h1 className="text-2xl font-semibold">Studio sign-in</h1>
      <Form method="post" className="grid gap-4" aria-describedby={actionData?.error ? "sign-in-error" : undefined}>
        {actionData?.error && (
          <p id="sign-in-error" role="alert" className="rounded-md border border-destructive px-3 py-2 text-sm text-destructive">
            {actionData.error}
          </p>
        )}
        <div className="grid gap-1.5">
          <Label htmlFor="email">Email</Label>
          <Input id="email" name="email" type="email" autoComplete="username" required maxLength={254} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="password">Password</Label>
          <Input id="password" name="password" type="password" autoComplete="current-password" required maxLength={256} />
        </div>
        <Button type="submit" disabled={busy}>
          Sign in
        </Button>
      </Form>
    </main>
  );
}
