import { useState, type DragEvent } from "react";
import { data, Form, Link, useFetcher } from "react-router";

import { Field, FormAlert } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { cn } from "~/lib/cn";
import { readFormPost } from "~/lib/form-post";
import { formatCad } from "~/lib/money";
import { formatSiteDate } from "~/lib/site-time";

import type { BoardCard, BoardColumn } from "../../server/leads/pipeline.server";
import type { Route } from "./+types/pipeline";
import { requireStudio, studioMeta } from "./guard";
import { statusOptions } from "./labels";

export const meta: Route.MetaFunction = () => studioMeta("Pipeline");

export async function loader({ context }: Route.LoaderArgs) {
  const { leads } = requireStudio(context);
  return { columns: await leads.board() };
}

/** A card moved (the form, or a drop on a column): the lead's status change, recorded on its timeline. */
export async function action({ request, context }: Route.ActionArgs) {
  const { leads, user } = requireStudio(context);
  const form = Object.fromEntries(await readFormPost(request, context));
  const id = typeof form.id === "string" ? form.id.slice(0, 100) : "";
  if (form.intent !== "move" || !id) return data({ id, error: "Unknown action." }, { status: 400 });
  const moved = await leads.changeStatus(id, form, user);
  return moved.ok ? { id, error: undefined } : data({ id, error: moved.error }, { status: moved.status });
}

const label = (status: string) => statusOptions.find((o) => o.value === status)?.label ?? status;
const cad = (cents: number) => formatCad(cents, { withCode: false });

type Drag = { id: string; next: readonly string[] };

/** The card's own move form: works before JavaScript and from the keyboard; a drop on Lost opens it for the reason. */
function MoveForm({ card, error, lost }: { card: BoardCard; error?: string; lost: boolean }) {
  if (card.next.length === 0) return null;
  return (
    <details open={lost || Boolean(error)} className="text-sm">
      <summary className="cursor-pointer text-primary underline-offset-4 hover:underline">
        Move {card.name}
      </summary>
      <Form method="post" className="mt-2 grid gap-2" key={lost ? "lost" : "any"}>
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="id" value={card.id} />
        <Field id={`status-${card.id}`} label="Move to">
          <Select
            name="status"
            defaultValue={lost ? "lost" : undefined}
            options={statusOptions.filter((o) => card.next.includes(o.value))}
          />
        </Field>
        <Field id={`reason-${card.id}`} label="Reason (required for Lost)">
          <Input name="reason" maxLength={500} autoFocus={lost} />
        </Field>
        <FormAlert tone="error">{error}</FormAlert>
        <Button type="submit" size="sm" className="justify-self-start">
          Move
        </Button>
      </Form>
    </details>
  );
}

function Card(props: { card: BoardCard; error?: string; lost: boolean; onDragStart: (drag: Drag) => void }) {
  const { card, error, lost, onDragStart } = props;
  return (
    <li
      draggable={card.next.length > 0}
      onDragStart={(e) => {
        e.dataTransfer.setData("text/plain", card.id);
        e.dataTransfer.effectAllowed = "move";
        onDragStart({ id: card.id, next: card.next });
      }}
      data-testid={`card-${card.id}`}
      className="grid gap-1 rounded-md border bg-card p-3 shadow-xs"
    >
      <Link
        to={`/studio/leads/${card.id}`}
        className="font-semibold text-primary underline-offset-4 hover:underline"
      >
        {card.name}
      </Link>
      {card.company && <span className="text-sm break-words">{card.company}</span>}
      <span className="text-sm text-muted-foreground">
        {formatSiteDate(card.createdAt)}
        {card.quotedCents > 0 && ` · quoted ${cad(card.quotedCents)}`}
      </span>
      <MoveForm card={card} error={error} lost={lost} />
    </li>
  );
}

export default function Pipeline({ loaderData, actionData }: Route.ComponentProps) {
  const { columns } = loaderData;
  const fetcher = useFetcher<typeof action>();
  const [drag, setDrag] = useState<Drag | null>(null);
  const [over, setOver] = useState<string | null>(null);
  // A drop on Lost asks for the reason in the card's own form.
  const [lostFor, setLostFor] = useState<string | null>(null);
  const answer = fetcher.data ?? actionData;
  const accepts = (column: BoardColumn) => Boolean(drag?.next.includes(column.status));
  const drop = (column: BoardColumn, e: DragEvent) => {
    e.preventDefault();
    setOver(null);
    if (!drag || !accepts(column)) return;
    if (column.status === "lost") setLostFor(drag.id);
    else void fetcher.submit({ intent: "move", id: drag.id, status: column.status }, { method: "post" });
    setDrag(null);
  };
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Pipeline</h1>
        <Link
          to="/studio/inbox"
          className="text-sm font-semibold text-primary underline-offset-4 hover:underline"
        >
          Search and filter in the inbox
        </Link>
      </div>
      <p className="max-w-3xl text-muted-foreground">
        Leads by stage, newest first. Drag a card to another column, or use its &ldquo;Move&rdquo; form; a
        lead moved to Lost needs a reason. Each move is on the lead&apos;s timeline.
      </p>
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-5">
        {columns.map((column) => (
          <section
            key={column.status}
            aria-labelledby={`col-${column.status}`}
            data-testid={`column-${column.status}`}
            onDragOver={(e) => {
              if (!accepts(column)) return;
              e.preventDefault();
              setOver(column.status);
            }}
            onDragLeave={() => setOver(null)}
            onDrop={(e) => drop(column, e)}
            className={cn(
              "grid min-w-0 content-start gap-3 rounded-md border bg-muted/40 p-3",
              drag && accepts(column) && "border-primary",
              over === column.status && "bg-primary/10",
            )}
          >
            <h2 id={`col-${column.status}`} className="grid">
              <span className="font-semibold">{`${label(column.status)} (${column.count})`}</span>
              <span className="text-sm text-muted-foreground tabular-nums">{`Quoted ${cad(column.quotedCents)}`}</span>
            </h2>
            {column.cards.length === 0 ? (
              <p className="text-sm text-muted-foreground">No lead.</p>
            ) : (
              <ul className="grid gap-2">
                {column.cards.map((card) => (
                  <Card
                    key={card.id}
                    card={card}
                    lost={lostFor === card.id}
                    error={answer?.id === card.id ? answer.error : undefined}
                    onDragStart={setDrag}
                  />
                ))}
              </ul>
            )}
            {column.count > column.cards.length && (
              <Link
                to={`/studio/inbox?status=${column.status}`}
                className="text-sm text-primary underline-offset-4 hover:underline"
              >
                All {column.count} in the inbox
              </Link>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}
