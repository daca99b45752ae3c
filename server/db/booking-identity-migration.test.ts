import { afterEach, describe, expect, it } from "vitest";

import { migratorUpTo, openDatabaseUpTo, testDatabaseKind } from "../../tests/helpers/databases";
import { readSettings } from "../booking/availability.server";
import { insertLead } from "../leads/insert.server";

/**
 * Migration 0029 on a database as deployed before it: bookings keep their rows (SQLite rebuilds
 * the table), read as typed and unnamed; the status check takes 'no-show' and still refuses
 * anything else; the one-booking-per-slot index still decides; the settings gain the cut-off
 * (12 hours) and no video link.
 */
describe(`migration 0029-booking-identity on ${testDatabaseKind}`, () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
  });

  it("keeps every booking and its index, reads them as typed, and takes no-show as a status", async () => {
    const { database, dispose } = await openDatabaseUpTo("0027-leads");
    cleanup = dispose;
    const { db } = database;
    await insertLead(db, {
      id: "lead-1",
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.com",
      phone: null,
      company: null,
      project_type: "custom",
      budget: null,
      timeline: null,
      message: "Booked a discovery call: x",
      source: "form",
      created_at: "2026-11-01T10:00:00.000Z",
    });
    const booking = (id: string, status: "booked" | "cancelled") => ({
      id,
      lead_id: "lead-1",
      starts_at: "2026-12-02T17:00:00Z",
      ends_at: "2026-12-02T17:30:00Z",
      status,
      time_zone: "Europe/London",
      topic: "A shop",
      company: null,
      manage_token_hash: `hash-${id}`,
      rescheduled_from: null,
      cancelled_at: null,
      cancelled_by: null,
      held_at: null,
      created_at: "2026-11-01T10:00:00.000Z",
      updated_at: "2026-11-01T10:00:00.000Z",
    });
    await db
      .insertInto("bookings")
      .values([booking("b1", "booked"), booking("b0", "cancelled")])
      .execute();
    await db
      .insertInto("booking_settings")
      .values({
        id: "default",
        weekly_hours: JSON.stringify({
          sun: [],
          mon: [["09:00", "17:00"]],
          tue: [],
          wed: [],
          thu: [],
          fri: [],
          sat: [],
        }),
        days_off: "[]",
        min_notice_minutes: 60,
        buffer_minutes: 0,
        daily_max: 4,
        updated_by: "owner@example.com",
        updated_at: "2026-11-01T10:00:00.000Z",
      })
      .execute();

    expect((await migratorUpTo(database, "0030-calendar-sources").migrateToLatest()).error).toBeUndefined();

    const rows = await db.selectFrom("bookings").selectAll().orderBy("id").execute();
    expect(rows.map((r) => [r.id, r.status, r.identity, r.visitor_name, r.email, r.no_show_at])).toEqual([
      ["b0", "cancelled", "typed", null, null, null],
      ["b1", "booked", "typed", null, null, null],
    ]);
    expect(rows[1]).toMatchObject({ lead_id: "lead-1", topic: "A shop", manage_token_hash: "hash-b1" });
    // Still one booked row per slot; a made-up status is refused; a no-show is taken.
    await expect(
      db
        .insertInto("bookings")
        .values({ ...booking("b2", "booked") })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto("bookings")
        .values({ ...booking("b3", "cancelled"), status: "maybe" as never })
        .execute(),
    ).rejects.toThrow();
    await db.updateTable("bookings").set({ status: "no-show" }).where("id", "=", "b1").execute();
    await expect(
      db
        .updateTable("bookings")
        .set({ identity: "someone" as never })
        .where("id", "=", "b1")
        .execute(),
    ).rejects.toThrow();
    // A lead deleted takes its bookings with it, as before.
    await db.deleteFrom("leads").where("id", "=", "lead-1").execute();
    expect(await db.selectFrom("bookings").select("id").execute()).toEqual([]);

    expect(await readSettings(db)).toMatchObject({
      minNoticeMinutes: 60,
      cutoffMinutes: 720,
      videoLink: null,
    });
  });
});
