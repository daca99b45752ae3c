import { data } from "react-router";

import { Field } from "~/components/form";
import { Textarea } from "~/components/ui/textarea";
import { readFormPost } from "~/lib/form-post";
import { MAX_SCOPE_LENGTH } from "~/shared/scope-limits";

import type { Route } from "./+types/contract";
import { formatTime, requireStudio, studioMeta } from "./guard";
import { PostForm, Section, Subpage, type FormResult } from "./ui";

export const meta: Route.MetaFunction = () => studioMeta("Service agreement");

export async function loader({ context }: Route.LoaderArgs) {
  const { contracts } = requireStudio(context);
  const [current, versions] = await Promise.all([contracts.current(), contracts.versions()]);
  return { current, versions };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { contracts, user } = requireStudio(context);
  const form = Object.fromEntries(await readFormPost(request, context));
  const r = await contracts.save(form, user.email);
  return r.ok
    ? { done: `Saved as version ${r.version}: quotes sent from now on carry it.` }
    : data({ error: r.error, fieldErrors: r.fieldErrors }, { status: r.status });
}

export default function ContractPage({ loaderData, actionData }: Route.ComponentProps) {
  const { current, versions } = loaderData;
  const result = actionData as FormResult | undefined;
  return (
    <Subpage
      title="Service agreement"
      intro="The clauses a client signs with each quote. Saving makes a new version; a quote carries the version current when it is sent, so a quote already sent keeps the one its client read. Markdown: # for a heading, - for a list item. Have a BC lawyer read it before relying on it."
    >
      <Section
        id="edit"
        title={`Version ${current.version}${current.version === 0 ? " (the studio's default)" : ""}`}
      >
        <PostForm className="grid max-w-3xl gap-4" result={result} submit="Save as a new version">
          <Field id="contract-body" label="Agreement text" error={result?.fieldErrors?.body}>
            <Textarea
              name="body"
              required
              maxLength={MAX_SCOPE_LENGTH}
              rows={24}
              defaultValue={current.text}
            />
          </Field>
        </PostForm>
      </Section>
      <Section id="versions" title="Versions">
        {versions.length === 0 ? (
          <p>Only the studio's default so far (version 0).</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {versions.map((v) => (
              <li key={v.version}>
                Version {v.version} · {formatTime(v.created_at)} · {v.created_by}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </Subpage>
  );
}
