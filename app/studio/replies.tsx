import { data, Form } from "react-router";

import { Field, FormAlert } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { readFormPost } from "~/lib/form-post";

import type { Route } from "./+types/replies";
import { requireStudio, studioMeta } from "./guard";
import { Section } from "./ui";

export const meta: Route.MetaFunction = () => studioMeta("Saved replies");

export async function loader({ context }: Route.LoaderArgs) {
  const { leads } = requireStudio(context);
  return { replies: await leads.savedReplies() };
}

/** Saves (adds or changes) or deletes a saved reply; the answer names the form it came from. */
export async function action({ request, context }: Route.ActionArgs) {
  const { leads, user } = requireStudio(context);
  const form = Object.fromEntries(await readFormPost(request, context));
  const id = typeof form.id === "string" ? form.id : "";
  if (form.intent === "delete") {
    await leads.deleteSavedReply(id);
    return { id, error: undefined };
  }
  if (form.intent !== "save") return data({ id, error: "Unknown action." }, { status: 400 });
  const saved = await leads.saveReply(form, user);
  return saved.ok ? { id, error: undefined } : data({ id, error: saved.error }, { status: saved.status });
}

type Reply = { id: string; title: string; subject: string; body: string };

function ReplyForm({ reply, error }: { reply?: Reply; error?: string }) {
  const key = reply?.id ?? "new";
  return (
    <Form method="post" className="grid gap-3">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="id" value={reply?.id ?? ""} />
      <Field id={`title-${key}`} label="Name">
        <Input name="title" required maxLength={80} defaultValue={reply?.title} />
      </Field>
      <Field id={`subject-${key}`} label="Subject">
        <Input name="subject" required maxLength={200} defaultValue={reply?.subject} />
      </Field>
      <Field id={`body-${key}`} label="Message" hint="{firstName} becomes the lead's first name.">
        <Textarea name="body" required maxLength={5000} rows={7} defaultValue={reply?.body} />
      </Field>
      <FormAlert tone="error">{error}</FormAlert>
      <Button type="submit" className="justify-self-start">
        {reply ? "Save" : "Add"}
      </Button>
    </Form>
  );
}

export default function Replies({ loaderData, actionData }: Route.ComponentProps) {
  const { replies } = loaderData;
  const errorFor = (id: string) => (actionData?.id === id ? actionData.error : undefined);
  return (
    <div className="grid max-w-3xl gap-8">
      <h1 className="text-2xl font-semibold">Saved replies</h1>
      <p className="text-muted-foreground">
        The answers a lead&apos;s page offers under &ldquo;Reply&rdquo;; each can be changed before it is
        sent.
      </p>
      {replies.map((r) => (
        <Section key={r.id} id={`reply-${r.id}`} title={r.title} className="rounded-md border p-4">
          <ReplyForm reply={r} error={errorFor(r.id)} />
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={r.id} />
            <Button type="submit" variant="outline" size="sm">
              Delete {r.title}
            </Button>
          </Form>
        </Section>
      ))}
      <Section id="new-reply" title="Add a saved reply" className="rounded-md border p-4">
        <ReplyForm error={errorFor("")} />
      </Section>
    </div>
  );
}
