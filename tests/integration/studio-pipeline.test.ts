import { beforeEach, describe, expect, it } from "vitest";

import type { BoardColumn } from "../../server/leads/pipeline.server";
import { testDatabaseKind } from "../helpers/databases";
import { dealRows } from "../helpers/deals";
import { signedInStudioSuite, SITE, type SignedInStudio } from "../helpers/studio";

type Board = { columns: BoardColumn[] };

/**
 * The pipeline board (/studio/pipeline): the inbox's leads by stage with each column's count and
 * quoted value; a card's move form (posted without scripts, as the keyboard and the drop post it)
 * changes the stage and writes the timeline, and refuses what the pipeline does not allow.
 */
describe(`studio pipeline board on ${testDatabaseKind}`, () => {
  const suite = signedInStudioSuite();
  let h: SignedInStudio;
  beforeEach(() => ({ h } = suite));

  it("counts each stage's leads and sums the quotes sent to them, not drafts, withdrawn ones or Spam", async () => {
    const { lead, quote } = dealRows(h.database, { now: h.clock.now });
    const fresh = await lead({ status: "new", lastName: "Fresh" });
    await lead({ status: "new", lastName: "Spammy", quarantined: true });
    const quoted = await lead({ status: "quoted", lastName: "Quoted" });
    await quote(quoted, { status: "sent" });
    await quote(quoted, { status: "draft", total_cents: 999_900 });
    const twice = await lead({ status: "quoted", lastName: "Twice" });
    await quote(twice, { status: "viewed", total_cents: 150_000 });
    await quote(twice, { status: "withdrawn", total_cents: 500_000 });
    const won = await lead({ status: "won", lastName: "Won" });
    await quote(won, { status: "paid" });

    const { columns } = await h.browser.page<Board>("/studio/pipeline", "studio/pipeline");
    expect(columns.map((c) => [c.status, c.count, c.quotedCents])).toEqual([
      ["new", 1, 0],
      ["contacted", 0, 0],
      ["quoted", 2, 350_000],
      ["won", 1, 200_000],
      ["lost", 0, 0],
    ]);
    const card = (status: string, id: string) =>
      columns.find((c) => c.status === status)!.cards.find((c) => c.id === id);
    expect(card("new", fresh)).toMatchObject({ name: "Ada Fresh", next: ["contacted", "lost"] });
    expect(card("quoted", twice)).toMatchObject({ quotedCents: 150_000, next: ["won", "lost"] });
    expect(card("won", won)?.next).toEqual([]);
    const html = await (await h.browser.request("/studio/pipeline")).text();
    expect(html).toContain("<h1");
    expect(html).toContain("Quoted $3,500.00");
  });

  it("moves a card by its form without scripts, writes the timeline, and refuses a skipped step or Lost without a reason", async () => {
    const { lead } = dealRows(h.database, { now: h.clock.now });
    const id = await lead({ status: "new", lastName: "Mover" });
    const move = (fields: Record<string, string>) =>
      h.browser.request(`${SITE}/studio/pipeline`, {
        method: "POST",
        form: { intent: "move", id, ...fields },
      });
    expect((await move({ status: "won" })).status).toBe(409);
    const noReason = await move({ status: "lost" });
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain("Say why the lead was lost.");
    expect((await move({ status: "contacted" })).status).toBe(200);
    expect((await move({ status: "lost", reason: "Chose a template" })).status).toBe(200);
    const detail = await h.browser.page<{
      lead: { status: string };
      activity: { kind: string; from_status: string | null; to_status: string | null; actor_email: string }[];
    }>(`/studio/leads/${id}`, "studio/lead");
    expect(detail.lead.status).toBe("lost");
    expect(
      detail.activity
        .filter((a) => a.kind === "status")
        .map((a) => [a.from_status, a.to_status, a.actor_email])
        .sort(),
    ).toEqual([
      ["contacted", "lost", "owner@example.com"],
      ["new", "contacted", "owner@example.com"],
    ]);
    const { columns } = await h.browser.page<Board>("/studio/pipeline", "studio/pipeline");
    expect(columns.find((c) => c.status === "lost")!.cards.map((c) => c.id)).toContain(id);
  });
});
