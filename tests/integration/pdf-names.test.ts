import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { PDF_MISSING } from "../../server/documents/pdf";
import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../helpers/databases";
import { randomIp, validInquiry } from "../helpers/inquiries";
import { CLIENT_NAMES, pdfText } from "../helpers/pdf";
import { quoteWiring } from "../helpers/quotes";

/**
 * A lead's name on the documents issued for it, as the studio and the client
 * download them: the invoice (from $500 it names the buyer) and the signed
 * agreement, in whatever script the client typed their name (docs/product.md#invoices-and-receipts).
 */
const SURNAMES: Record<string, string> = { Ольга: "Смирнова", Ελένη: "Παπαδοπούλου" };

describe(`client names on invoices and agreements (${testDatabaseKind})`, () => {
  let database: TestDatabase;
  let h: ReturnType<typeof quoteWiring>;

  beforeAll(async () => {
    database = await openTestDatabase();
    h = quoteWiring({ database });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  /** A lead named `first last` sent a $1,000 quote, then signed by that name: the two PDFs as the client downloads them. */
  async function documentsFor(first: string, last: string) {
    const id = await h.newLead({ firstName: first, lastName: last, company: "" });
    const created = await h.studio.create(
      { inquiryId: id, packageType: "pro", amountCents: 100_000 },
      "owner@studio.example",
    );
    if (!created.ok) throw new Error(created.error);
    const quote = created.value.quote;
    expect((await h.studio.send(quote.id, "owner@studio.example")).ok).toBe(true);

    const signed = await h.client.pay(
      quote.token,
      { clientIp: randomIp(), userAgent: "test" },
      { legalName: `${first} ${last}`, agree: "on" },
    );
    expect(signed).toMatchObject({ ok: true });
    // The signature issued the invoice (decision 0046).
    const [invoiceLink] = (await h.client.view(quote.token))!.documents;
    const invoice = await h.app.request(invoiceLink!.href);
    expect(invoice.status).toBe(200);
    const agreement = await h.client.agreementDocument(quote.token);
    return {
      invoice: pdfText(new Uint8Array(await invoice.arrayBuffer())),
      agreement: pdfText(agreement!.pdf),
      quoteId: quote.id,
    };
  }

  it("prints each name exactly as typed on the invoice and the signed agreement", async () => {
    for (const name of CLIENT_NAMES) {
      // The lead form asks for a first and a last name: a single name gets a surname in its script.
      const [first = "", ...rest] = name.split(" ");
      const last = rest.join(" ") || SURNAMES[first]!;
      const full = `${first} ${last}`;
      const { invoice, agreement } = await documentsFor(first, last);
      expect(invoice, name).toContain(`Billed to: ${full}`);
      expect(agreement, name).toContain(`Between Cascadia Web Studio and ${full}.`);
      expect(agreement, name).toContain(`Signed by typing their full legal name: ${full}`);
    }
  });

  it("refuses a legal name with a right-to-left override and a lead with a zero-width space, beside the field, storing nothing", async () => {
    // Issue 37: "Grace \u202EreppoH" was signed and stored; the PDF printed "Grace Hopper".
    const lead = await h.app.request("/api/inquiries", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
      body: JSON.stringify({ ...validInquiry, firstName: "Gr\u200Bace", company: "" }),
    });
    expect(lead.status).toBe(400);
    expect(JSON.stringify(await lead.json())).toMatch(/First name holds an invisible formatting character/);

    const res = await h.app.request("/api/inquiries", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
      body: JSON.stringify({ ...validInquiry, firstName: "Grace", lastName: "Hopper", company: "" }),
    });
    const { id } = (await res.json()) as { id: string };
    const created = await h.studio.create(
      { inquiryId: id, packageType: "pro", amountCents: 100_000 },
      "owner@studio.example",
    );
    if (!created.ok) throw new Error(created.error);
    const quote = created.value.quote;
    expect((await h.studio.send(quote.id, "owner@studio.example")).ok).toBe(true);
    for (const legalName of ["Grace \u202EreppoH", "Grace\u200B Hopper", "\u2067Grace Hopper\u2069"]) {
      const signed = await h.client.pay(
        quote.token,
        { clientIp: randomIp(), userAgent: "test" },
        { legalName, agree: "on" },
      );
      expect(signed, legalName).toMatchObject({
        ok: false,
        status: 400,
        fields: { legalName: expect.stringMatching(/^Your name holds an invisible formatting character/) },
      });
    }
    const stored = await database.db
      .selectFrom("agreements")
      .select("id")
      .where("quote_id", "=", quote.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it("renders a CJK name with a placeholder for each character, and keeps the name as typed in the records", async () => {
    const { invoice, agreement, quoteId } = await documentsFor("秀英", "王");
    expect(invoice).toContain(`Billed to: ${PDF_MISSING.repeat(2)} ${PDF_MISSING}`);
    expect(agreement).toContain(
      `Signed by typing their full legal name: ${PDF_MISSING.repeat(2)} ${PDF_MISSING}`,
    );
    const stored = await database.db
      .selectFrom("agreements")
      .select("signer_name")
      .where("quote_id", "=", quoteId)
      .executeTakeFirstOrThrow();
    expect(stored.signer_name).toBe("秀英 王");
  });
});
