import { createHash, randomBytes, randomUUID } from "node:crypto";
import ical, { ICalEventStatus } from "ical-generator";

import { siteConfig } from "~/content/site";

import type { StudioUser } from "../auth/session-context.server";
import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";

/** 256 random bits, base64url: the whole secret of a feed's URL. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The feed lists calls from this far back, so last week's stay in the studio's calendar. */
const FEED_PAST_DAYS = 90;
/** Calendar apps poll a few times an hour; a guesser gets this many tries a minute per address. */
export const FEED_RATE_LIMIT = { windowMs: 60_000, max: 30 };

export const feedUrl = (config: Pick<AppConfig, "SITE_URL">, token: string) =>
  `${config.SITE_URL}/calendar/${token}.ics`;

type FeedContext = { config: Pick<AppConfig, "SITE_URL">; db: AppDatabase["db"]; now: () => number };

/**
 * The studio's private calendar feeds: a URL whose secret is stored only as its
 * SHA-256, shown once when made, revocable. Revoked or unknown: 404, as any path.
 */
export function createCalendarFeeds({
  config,
  database,
  now = Date.now,
}: {
  config: Pick<AppConfig, "SITE_URL">;
  database: AppDatabase;
  now?: () => number;
}) {
  const ctx: FeedContext = { config, db: database.db, now };
  return {
    /** The live feeds (no secret: it is not stored). */
    list: () =>
      ctx.db
        .selectFrom("calendar_feeds")
        .select(["id", "created_by", "created_at"])
        .where("revoked_at", "is", null)
        .orderBy("created_at")
        .execute(),
    /** A new feed; its URL is returned this once. */
    create: (actor: StudioUser) => createFeed(ctx, actor),
    /** Revokes a live feed; false when there is none with that id. */
    revoke: (id: string) => revokeFeed(ctx, id),
    /** Replaces a live feed by a new one (a URL that leaked): the old URL answers 404 from now on. */
    async rotate(id: string, actor: StudioUser) {
      return (await revokeFeed(ctx, id)) ? createFeed(ctx, actor) : undefined;
    },
    /** The iCalendar text of a live feed's token, or undefined (unknown, malformed or revoked). */
    ics: (token: string) => feedIcs(ctx, token),
  };
}

async function createFeed({ config, db, now }: FeedContext, actor: StudioUser) {
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("calendar_feeds")
    .values({
      id: randomUUID(),
      token_hash: hashToken(token),
      created_by: actor.email,
      created_at: new Date(now()).toISOString(),
      revoked_at: null,
    })
    .execute();
  return feedUrl(config, token);
}

async function revokeFeed({ db, now }: FeedContext, id: string) {
  const r = await db
    .updateTable("calendar_feeds")
    .set({ revoked_at: new Date(now()).toISOString() })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

async function feedIcs({ config, db, now }: FeedContext, token: string) {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const feed = await db
    .selectFrom("calendar_feeds")
    .select("id")
    .where("token_hash", "=", hashToken(token))
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (!feed) return undefined;
  const since = new Date(now() - FEED_PAST_DAYS * 24 * 60 * 60_000).toISOString();
  const calls = await db
    .selectFrom("bookings")
    .innerJoin("leads", "leads.id", "bookings.lead_id")
    .select([
      "bookings.id",
      "bookings.lead_id",
      "bookings.starts_at",
      "bookings.ends_at",
      "bookings.topic",
      "leads.first_name",
      "leads.last_name",
      "bookings.visitor_name",
      "bookings.identity",
    ])
    .where("bookings.status", "in", ["booked", "held"])
    .where("bookings.starts_at", ">=", since)
    .orderBy("bookings.starts_at")
    .limit(2000)
    .execute();
  return feedCalendar(config, calls);
}

export type CalendarFeeds = ReturnType<typeof createCalendarFeeds>;

type FeedCall = {
  id: string;
  lead_id: string;
  starts_at: string;
  ends_at: string;
  topic: string;
  first_name: string;
  last_name: string;
  visitor_name: string | null;
  identity: string;
};

/**
 * The feed's calendar: only what the studio needs to take each call (who, what about, the
 * lead's page; no email or phone). Who is the name typed with the booking, said to be unproven
 * when the address was typed (issue 37).
 */
function feedCalendar(config: Pick<AppConfig, "SITE_URL">, calls: readonly FeedCall[]) {
  const calendar = ical({
    name: `${siteConfig.shortName} calls`,
    prodId: { company: siteConfig.name, product: "calls", language: "EN" },
    ttl: 15 * 60,
  });
  for (const c of calls) {
    const lead = `${config.SITE_URL}/studio/leads/${c.lead_id}`;
    const unverified = c.identity !== "client";
    const who = c.visitor_name ?? `${c.first_name} ${c.last_name}`;
    calendar.createEvent({
      id: `${c.id}@${new URL(config.SITE_URL).hostname}`,
      start: new Date(c.starts_at),
      end: new Date(c.ends_at),
      summary: `Call: ${who}${unverified ? " (email not verified)" : ""}`.slice(0, 200),
      description: [
        c.topic,
        unverified
          ? "The email address was typed on the booking page and is not verified: the caller may not be the lead."
          : undefined,
        lead,
      ]
        .filter(Boolean)
        .join("\n\n"),
      url: lead,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
