import { Form } from "react-router";

import { FormAlert } from "~/components/form";
import { Button } from "~/components/ui/button";
import { readFormPost } from "~/lib/form-post";

import type { Route } from "./+types/data";
import { portalMeta, requireClient } from "./guard";

export const meta: Route.MetaFunction = () => portalMeta("Your data");

export function loader({ context }: Route.LoaderArgs) {
  const { client } = requireClient(context);
  return { email: client.email };
}

/** A request to delete: noted on each of the client's leads for the studio (records the law keeps stay, as the privacy policy says). */
export async function action({ request, context }: Route.ActionArgs) {
  // The form first: a post that is not a form is refused as such (415), signed in or not.
  const form = await readFormPost(request, context);
  const { view, client } = requireClient(context);
  if (form.get("confirm") !== "yes") return { asked: false, error: "Tick the box to confirm." };
  await view.askDeletion(client);
  return { asked: true, error: null };
}

export default function PortalData({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="grid max-w-2xl gap-6">
      <h1 className="font-heading text-2xl font-bold">Your data</h1>
      <section aria-labelledby="download" className="grid gap-2">
        <h2 id="download" className="font-heading text-lg font-semibold">
          Download it
        </h2>
        <p>
          Everything we hold about {loaderData.email}: your enquiries, quotes, signatures, payments, documents
          and calls, as one file.
        </p>
        <p>
          <a
            className="inline-flex min-h-10 items-center text-sm font-semibold underline underline-offset-4"
            href="/portal/data/export.json"
            download
          >
            Download my data (JSON)
          </a>
        </p>
      </section>
      <section aria-labelledby="delete" className="grid gap-2">
        <h2 id="delete" className="font-heading text-lg font-semibold">
          Ask us to delete it
        </h2>
        <p>
          We delete what we hold about you, except invoices, receipts, credit notes and signed agreements,
          which tax and accounting laws have us keep (our privacy policy says how long).
        </p>
        <FormAlert
          tone={actionData?.asked ? "success" : "error"}
          role={actionData?.asked ? "status" : "alert"}
        >
          {actionData?.asked
            ? "We have your request and will confirm by email once it is done."
            : actionData?.error}
        </FormAlert>
        <Form method="post" className="grid gap-3">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="confirm" value="yes" className="size-5" /> I want my data deleted
          </label>
          <Button type="submit" variant="outline" className="justify-self-start">
            Ask for deletion
          </Button>
        </Form>
      </section>
    </div>
  );
}
