import { documentFile, documentLink } from "../billing/documents.server";
import type { AppDatabase } from "../db/database.server";
import type { DocumentStamp } from "../documents/stamp.server";
import type { LeadPrivacy } from "../leads/privacy.server";
import { insertLeadActivity } from "../leads/timeline.server";
import type { QuoteCheckout } from "../quotes/checkout.server";
import type { Client } from "./sign-in.server";

/** The one step the client can take now on a quote (issue 39). */
export type NextStep = "sign" | "pay-deposit" | "pay-balance" | "pay" | null;

/**
 * What the portal shows a signed-in client. Every read starts from `leadIds`: the leads whose
 * email is the client's proven email (decision 0051), so no query can reach another client's.
 */
export function createPortalView(deps: {
  database: AppDatabase;
  quotes: QuoteCheckout;
  privacy: LeadPrivacy;
  /** The path of a call's move-or-cancel page (its secret link). */
  managePath: (bookingId: string) => string;
  now?: () => number;
  /** Marks its documents TEST under the sandbox provider. */
  documents: Pick<DocumentStamp, "test">;
}) {
  const { database, quotes, privacy, managePath, now = Date.now, documents: stamp } = deps;
  const db = database.db;
  const leadIds = async (client: Client) =>
    (
      await db
        .selectFrom("leads")
        .select("id")
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", client.email.toLowerCase()))
        .orderBy("created_at", "desc")
        .execute()
    ).map((l) => l.id);
  const ownQuote = async (client: Client, quoteId: string) => {
    const ids = await leadIds(client);
    if (ids.length === 0) return undefined;
    return db
      .selectFrom("quotes")
      .select(["id", "token", "lead_id"])
      .where("id", "=", quoteId)
      .where("lead_id", "in", ids)
      .where("status", "!=", "draft")
      .executeTakeFirst();
  };

  return {
    leadIds,
    home: (client: Client) => home(db, quotes, leadIds, client),
    /** Every agreement, invoice, receipt and credit note issued to the client's leads, newest first. */
    documents: async (client: Client) => documents(db, await leadIds(client)),
    /** One money document's PDF, only when it was issued to one of the client's leads. */
    async documentPdf(client: Client, id: string) {
      const ids = await leadIds(client);
      if (ids.length === 0 || id.length > 64) return undefined;
      const d = await db
        .selectFrom("money_documents")
        .selectAll()
        .where("id", "=", id)
        .where("lead_id", "in", ids)
        .executeTakeFirst();
      return d ? documentFile(db, d, stamp) : undefined;
    },
    /** A signed agreement's PDF, only of the client's own quote. */
    async agreementPdf(client: Client, quoteId: string) {
      if (quoteId.length > 64) return undefined;
      const quote = await ownQuote(client, quoteId);
      return quote ? quotes.agreementDocument(quote.token) : undefined;
    },
    /** The client's calls, upcoming (soonest first) and past (latest first). */
    async calls(client: Client) {
      const ids = await leadIds(client);
      const rows =
        ids.length === 0
          ? []
          : await db
              .selectFrom("bookings")
              .select(["id", "starts_at", "ends_at", "status", "topic", "identity"])
              .where("lead_id", "in", ids)
              .orderBy("starts_at")
              .execute();
      const at = new Date(now()).toISOString();
      const open = (b: (typeof rows)[number]) => b.status === "booked" && b.ends_at > at;
      return {
        upcoming: rows.filter(open).map((b) => ({ ...b, manageHref: managePath(b.id) as string | null })),
        past: rows
          .filter((b) => !open(b))
          .reverse()
          .map((b) => ({ ...b, manageHref: null as string | null })),
      };
    },
    /** The studio's export of each of the client's leads, in one file. */
    async exportData(client: Client) {
      const ids = await leadIds(client);
      const leads = await Promise.all(ids.map((id) => privacy.export(id)));
      return { client: { email: client.email }, leads: leads.filter(Boolean) };
    },
    /** A request to erase: a note on each lead's timeline, for the studio to act on (records it must keep stay). */
    askDeletion: async (client: Client) => askDeletion(db, await leadIds(client), now()),
  };
}

export type PortalView = ReturnType<typeof createPortalView>;

/** Each of the client's quotes (a replaced version left out) with its state, the next step and the money. */
async function home(
  db: AppDatabase["db"],
  quotes: QuoteCheckout,
  leadIds: (client: Client) => Promise<string[]>,
  client: Client,
) {
  const ids = await leadIds(client);
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("quotes")
    .select(["id", "token", "created_at"])
    .where("lead_id", "in", ids)
    .where("status", "!=", "draft")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("quotes as newer")
            .select("newer.id")
            .whereRef("newer.supersedes_quote_id", "=", "quotes.id")
            .where("newer.status", "!=", "draft"),
        ),
      ),
    )
    .orderBy("created_at", "desc")
    .execute();
  const refunded = await db
    .selectFrom("refunds")
    .innerJoin("payments", "payments.id", "refunds.payment_id")
    .select(["payments.quote_id", "refunds.amount_cents"])
    .where("refunds.lead_id", "in", ids)
    .where("refunds.status", "=", "succeeded")
    .execute();
  // A care plan a quote adds after launch (issue 42): "then $X/month".
  const plans = rows.length
    ? await db
        .selectFrom("quote_care_plans")
        .select(["quote_id", "plan_name", "price_cents"])
        .where(
          "quote_id",
          "in",
          rows.map((r) => r.id),
        )
        .execute()
    : [];
  const out = [];
  for (const row of rows) {
    const view = await quotes.view(row.token);
    if (!view) continue;
    const paid = view.payments.reduce((s, p) => s + p.amountCents, 0);
    const back = refunded
      .filter((r) => r.quote_id === row.id)
      .reduce((s, r) => s + Number(r.amount_cents), 0);
    const next: NextStep = view.needsSignature
      ? "sign"
      : view.due
        ? view.due.kind === "deposit"
          ? "pay-deposit"
          : view.due.kind === "balance"
            ? "pay-balance"
            : "pay"
        : null;
    out.push({
      id: row.id,
      reference: view.reference,
      packageType: view.packageType,
      status: view.status,
      totalCents: view.totalCents,
      paidCents: paid - back,
      refundedCents: back,
      dueCents: view.due?.amountCents ?? 0,
      next,
      href: `/quote/${row.token}`,
      carePlan: plans
        .filter((c) => c.quote_id === row.id)
        .map((c) => ({ name: c.plan_name, priceCents: Number(c.price_cents) }))[0],
    });
  }
  return out;
}

/** The money documents and signed agreements of these leads, newest first, each with its portal download. */
async function documents(db: AppDatabase["db"], ids: string[]) {
  if (ids.length === 0) return [];
  const [money, agreements] = await Promise.all([
    db.selectFrom("money_documents").selectAll().where("lead_id", "in", ids).execute(),
    db.selectFrom("agreements").select(["quote_id", "signed_at"]).where("lead_id", "in", ids).execute(),
  ]);
  const rows = [
    ...money.map((d) => {
      const link = documentLink(d);
      return {
        key: d.id,
        title: link.title,
        number: d.number as string | null,
        kind: d.kind as string,
        amountCents: link.amountCents as number | null,
        issuedAt: d.issued_at,
        status: d.status as string,
        href: `/portal/documents/${d.id}`,
      };
    }),
    ...agreements.map((a) => ({
      key: `agreement-${a.quote_id}`,
      title: "Signed agreement",
      number: null,
      kind: "agreement",
      amountCents: null,
      issuedAt: a.signed_at,
      status: "signed",
      href: `/portal/agreements/${a.quote_id}`,
    })),
  ];
  return rows.sort((a, b) => (a.issuedAt < b.issuedAt ? 1 : a.issuedAt > b.issuedAt ? -1 : 0));
}

/** Notes the client's request to erase on each of their leads; the studio deletes what the law lets it. */
async function askDeletion(db: AppDatabase["db"], ids: string[], at: number) {
  for (const id of ids)
    await insertLeadActivity(
      db,
      {
        lead_id: id,
        kind: "note",
        actor_email: "client",
        body: "The client asked, from the portal, for their personal data to be deleted.",
      },
      at,
    );
  return ids.length;
}
