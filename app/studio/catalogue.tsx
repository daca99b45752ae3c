import { data } from "react-router";

import { CheckboxField, Field } from "~/components/form";
import { Badge } from "~/components/ui/badge";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { readFormPost } from "~/lib/form-post";
import { formatCad } from "~/lib/money";
import { catalogueKindLabels, catalogueKinds, centsField, type CatalogueItem } from "~/shared/catalogue";

import type { Route } from "./+types/catalogue";
import { requireStudio, studioMeta } from "./guard";
import { KeptItem, PostForm, Section, Subpage, type KeptResult } from "./ui";

export const meta: Route.MetaFunction = () => studioMeta("Catalogue");

export async function loader({ context }: Route.LoaderArgs) {
  const { catalogue } = requireStudio(context);
  return { items: await catalogue.list({ archived: true }) };
}

type ActionResult = KeptResult;

export async function action({ request, context }: Route.ActionArgs) {
  const { catalogue, user } = requireStudio(context);
  const form = Object.fromEntries(await readFormPost(request, context));
  const intent = String(form.intent ?? "");
  const id = typeof form.id === "string" ? form.id : undefined;
  if (intent === "save") {
    const r = await catalogue.save(form, user.email);
    return r.ok
      ? ({
          intent,
          id,
          done: `${r.item.name} saved: new quotes offer it at this price.`,
        } satisfies ActionResult)
      : data({ intent, id, error: r.error, fieldErrors: r.fieldErrors } satisfies ActionResult, {
          status: r.status,
        });
  }
  if (intent === "archive" || intent === "restore") {
    const r = await catalogue.archive(String(id ?? ""), intent === "archive", user.email);
    return r.ok
      ? ({
          intent,
          id,
          done: intent === "archive" ? "Archived: new quotes no longer offer it." : "Offered again.",
        } satisfies ActionResult)
      : data({ intent, id, error: r.error } satisfies ActionResult, { status: r.status });
  }
  return data({ intent, error: "Unknown action." } satisfies ActionResult, { status: 400 });
}

const cad = (cents: number) => formatCad(cents, { withCode: true });

/** One item's fields: empty for a new one, the item's values to change one. */
function ItemFields({ item, errors }: { item?: CatalogueItem; errors?: Record<string, string> }) {
  const p = item ? `item-${item.id.slice(0, 8)}-` : "new-";
  return (
    <>
      {item && <input type="hidden" name="id" value={item.id} />}
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr_10rem]">
        <Field id={`${p}kind`} label="Kind" error={errors?.kind}>
          <Select
            name="kind"
            defaultValue={item?.kind ?? "add_on"}
            options={catalogueKinds.map((k) => ({ value: k, label: catalogueKindLabels[k] }))}
          />
        </Field>
        <Field id={`${p}name`} label="Name" error={errors?.name}>
          <Input name="name" required maxLength={120} defaultValue={item?.name} autoComplete="off" />
        </Field>
        <Field id={`${p}price`} label="Default price (CAD)" error={errors?.price}>
          <Input
            name="price"
            required
            inputMode="decimal"
            defaultValue={item ? centsField(item.priceCents) : undefined}
            autoComplete="off"
          />
        </Field>
      </div>
      <Field id={`${p}description`} label="Description (optional)" error={errors?.description}>
        <Textarea name="description" maxLength={500} rows={2} defaultValue={item?.description} />
      </Field>
      <fieldset className="flex flex-wrap gap-x-6 gap-y-1">
        <legend className="mb-1 text-sm font-semibold">Taxes, for a client in BC</legend>
        <CheckboxField
          id={`${p}taxGST`}
          name="taxGST"
          defaultChecked={item ? item.taxes.includes("GST") : true}
          label="GST (HST for a client in an HST province)"
        />
        <CheckboxField
          id={`${p}taxPST`}
          name="taxPST"
          defaultChecked={item ? item.taxes.includes("PST") : false}
          label="PST (BC clients only)"
        />
      </fieldset>
    </>
  );
}

export default function CataloguePage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const forItem = (id?: string) => (result && result.id === id ? result : undefined);
  const added = forItem(undefined);
  return (
    <Subpage
      title="Catalogue"
      intro="What the studio sells. A quote's line can start from an item here: its name, price and taxes are copied into the quote when you save the quote, so changing a price here never changes a quote already made."
    >
      <Section id="items" title="Packages and add-ons">
        {loaderData.items.length === 0 && <p>Nothing yet: add the first item below.</p>}
        <ul className="grid gap-3">
          {loaderData.items.map((item) => {
            const r = forItem(item.id);
            return (
              <KeptItem
                key={item.id}
                id={item.id}
                name={item.name}
                line={
                  <>
                    <Badge variant="outline">{catalogueKindLabels[item.kind]}</Badge>
                    {item.archived && <Badge variant="secondary">Archived</Badge>}
                    <span className="ml-auto whitespace-nowrap">
                      {cad(item.priceCents)}
                      {item.taxes.length > 0 ? ` + ${item.taxes.join(" + ")}` : ", no tax"}
                    </span>
                  </>
                }
                note={item.description}
                result={r}
                fields={<ItemFields item={item} errors={r?.fieldErrors} />}
                toggle={
                  item.archived
                    ? { intent: "restore", label: `Offer ${item.name} again` }
                    : { intent: "archive", label: `Archive ${item.name}` }
                }
              />
            );
          })}
        </ul>
      </Section>
      <Section id="add" title="Add an item">
        <PostForm
          className="grid max-w-3xl gap-4 rounded-md border p-4"
          hidden={{ intent: "save" }}
          result={added}
          submit="Add to the catalogue"
        >
          <ItemFields errors={added?.fieldErrors} />
        </PostForm>
      </Section>
    </Subpage>
  );
}
