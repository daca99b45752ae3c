import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { quoteReference, type CreateQuoteInput } from "../../app/shared/quote-model";
import type { AccountingRow, AccountingTotals } from "../../server/billing/accounting.server";
import { createQuoteSettlement } from "../../server/billing/settlement.server";
import { createLeadTimeline } from "../../server/leads/timeline.server";
import { createLogger } from "../../server/logger.server";
import { createPayments } from "../../server/payments/payments.server";
import { createQuoteService, type QuoteService } from "../../server/quotes/service.server";
import { testDatabaseKind } from "../helpers/databases";
import { dealRows } from "../helpers/deals";
import { randomIp } from "../helpers/inquiries";
import { builtSite } from "../helpers/site";
import { signedInStudio, SITE, type SignedInStudio } from "../helpers/studio";

const ACTOR = "owner@example.com";
const DAY = 86_400_000;
const PERIOD = "from=2026-11-01&to=2026-11-30";
const INPUT: Omit<CreateQuoteInput, "inquiryId"> = {
  packageType: "pro",
  amountCents: 100_000,
  packageTaxes: ["GST"],
  depositPercent: 50,
};

type Page = {
  rows: AccountingRow[];
  totals: { invoiced: AccountingTotals };
};

/**
 * A quote's invoice, from the studio's accounting export: issued when the
 * client signs (never when the quote is only sent), and void in the
 * transaction of every way an unpaid quote ends. Each ending is walked through
 * the real routes (the quote page's posts, the studio's service, the expiry
 * job) and the export is read back after it: the page's "Invoiced" total and
 * the CSV the accountant imports.
 */
describe(`a quote's invoice from its signature to its end, read from the accounting export on ${testDatabaseKind}`, () => {
  let h: SignedInStudio;
  let studio: QuoteService;
  let rows: ReturnType<typeof dealRows>;

  beforeAll(async () => {
    h = await signedInStudio(
      { LOG_LEVEL: "silent", PAYMENTS_PROVIDER: "sandbox", GST_HST_NUMBER: "123456789 RT0001" },
      { site: await builtSite() },
    );
    h.clock.now = Date.parse("2026-11-10T18:00:00.000Z");
    const now = () => h.clock.now;
    const timeline = createLeadTimeline();
    const logger = createLogger(h.config);
    const payments = createPayments({
      config: h.config,
      database: h.database,
      logger,
      now,
      onPaid: createQuoteSettlement({
        timeline,
        logger,
        registrationNumber: h.config.GST_HST_NUMBER ?? null,
      }),
    });
    studio = createQuoteService({
      config: h.config,
      database: h.database,
      timeline,
      checkouts: payments.service,
      now,
    });
    rows = dealRows(h.database, { now: h.clock.now });
  });
  afterAll(async () => {
    await h?.dispose();
  });

  async function sentQuote(expiresInDays = 14) {
    const created = await studio.create({ ...INPUT, expiresInDays, inquiryId: await rows.lead() }, ACTOR);
    if (!created.ok) throw new Error(created.error);
    const sent = await studio.send(created.value.quote.id, ACTOR);
    if (!sent.ok) throw new Error(sent.error);
    return sent.value;
  }

  /** The quote page's posts, as a client's browser sends them. */
  const post = (token: string, form: Record<string, string>) =>
    h.client(randomIp()).request(`${SITE}/quote/${token}`, { method: "POST", form });
  const sign = (token: string) => post(token, { intent: "pay", legalName: "Grace Hopper", agree: "on" });

  /** The invoices of the period as the accounting page and its CSV show them: number, quote, status. */
  async function exported() {
    const page = await h.browser.page<Page>(`/studio/accounting?${PERIOD}`, "studio/accounting");
    const response = await h.browser.request(`/api/studio/accounting.csv?${PERIOD}`);
    expect(response.status).toBe(200);
    const csv = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .slice(1)
      .map((l) => l.split(","))
      .filter((c) => c[1] === "Invoice")
      .map((c) => ({ number: c[2], status: c[3], quote: c[4] }));
    const listed = page.rows
      .filter((r) => r.kind === "invoice")
      .map((r) => ({ number: r.number, status: r.status, quote: r.quote }));
    // The page and the CSV list the same invoices.
    expect(csv).toEqual(listed);
    return { invoices: listed, invoiced: page.totals.invoiced };
  }

  it("issues nothing when a quote is sent, one invoice with one number when signatures race, and voids it however the quote ends", async () => {
    // Sent: no invoice, nothing invoiced.
    const sent = await sentQuote();
    expect(await exported()).toEqual({
      invoices: [],
      invoiced: { count: 0, netCents: 0, taxes: { GST: 0, PST: 0, HST: 0 }, totalCents: 0 },
    });

    // Signed, by two posts at the same instant (a double click): one invoice of the deposit, one number.
    const answers = await Promise.all([sign(sent.token), sign(sent.token)]);
    expect(answers.map((r) => r.status)).toContain(303);
    const signedOnce = await exported();
    expect(signedOnce.invoices).toEqual([
      { number: "2026-0001", status: "issued", quote: quoteReference(sent.id) },
    ]);
    expect(signedOnce.invoiced).toMatchObject({ count: 1, totalCents: 52_500, taxes: { GST: 2_500 } });

    // Every way an unpaid, signed quote ends; after each, its invoice is listed void and not counted.
    const endings: [string, (q: { id: string; token: string }) => Promise<void>][] = [
      [
        "withdrawn by the studio",
        async (q) => {
          expect((await studio.withdraw(q.id, ACTOR)).ok).toBe(true);
        },
      ],
      [
        "declined by the client",
        async (q) => {
          const r = await post(q.token, { intent: "decline", reason: "We chose another studio." });
          expect(r.status).toBe(200);
        },
      ],
      [
        "replaced by a new version",
        async (q) => {
          expect((await studio.revise(q.id, { ...INPUT, amountCents: 90_000 }, ACTOR)).ok).toBe(true);
        },
      ],
      [
        "expired, by the expiry job",
        async () => {
          h.clock.now += 3 * DAY;
          expect(await studio.expireDue()).toBeGreaterThanOrEqual(1);
        },
      ],
      [
        "expired, noticed on the client's visit",
        async (q) => {
          h.clock.now += 3 * DAY;
          const r = await h.client(randomIp()).request(`${SITE}/quote/${q.token}`);
          expect(r.status).toBe(200);
        },
      ],
    ];
    let number = 1;
    // The first signed quote ends first (withdrawn); each next ending takes a newly signed quote.
    let current = sent;
    for (const [i, [ending, end]] of endings.entries()) {
      if (i > 0) {
        // Expiring ones are made to expire within the step's three days; the others live two weeks.
        current = await sentQuote(ending.startsWith("expired") ? 2 : 14);
        expect((await sign(current.token)).status, ending).toBe(303);
        number += 1;
      }
      const before = await exported();
      expect(before.invoices.at(-1), ending).toEqual({
        number: `2026-${String(number).padStart(4, "0")}`,
        status: "issued",
        quote: quoteReference(current.id),
      });
      expect(before.invoiced.count, ending).toBe(1);
      await end(current);
      const after = await exported();
      expect(after.invoices.at(-1), ending).toEqual({
        number: `2026-${String(number).padStart(4, "0")}`,
        status: "void",
        quote: quoteReference(current.id),
      });
      // Nothing open anywhere: every invoice so far is void, and none is counted as invoiced.
      expect(
        after.invoices.map((d) => d.status),
        ending,
      ).toEqual(Array(number).fill("void"));
      expect(after.invoiced, ending).toEqual({
        count: 0,
        netCents: 0,
        taxes: { GST: 0, PST: 0, HST: 0 },
        totalCents: 0,
      });
    }
    // Numbers stay gap-free: five signatures, five numbers, one per quote.
    const all = await exported();
    expect(all.invoices.map((d) => d.number)).toEqual(
      ["0001", "0002", "0003", "0004", "0005"].map((n) => `2026-${n}`),
    );
    expect(new Set(all.invoices.map((d) => d.quote)).size).toBe(5);
  });
});
