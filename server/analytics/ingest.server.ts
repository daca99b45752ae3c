import { isbot } from "isbot";

import {
  AGENT_CACHE_MAX,
  type AnalyticsContext,
  type BeaconOutcome,
  type BeaconRequest,
} from "./analytics-context.server";
import { parseBeacon } from "./beacon.server";
import { deviceClass } from "./device.server";
import { enqueue } from "./event-queue.server";
import { visitorHash } from "./salts.server";

export function agent(ctx: AnalyticsContext, userAgent: string) {
  const { agents } = ctx;
  let known = agents.get(userAgent);
  if (!known) {
    known = { bot: userAgent === "" || isbot(userAgent), device: deviceClass(userAgent) };
    if (agents.size >= AGENT_CACHE_MAX) agents.clear();
    agents.set(userAgent, known);
  }
  return known;
}

export async function visitorOf(ctx: AnalyticsContext, t: number, address: string, userAgent: string) {
  const { salts, host } = ctx;
  return visitorHash(await salts.saltAt(t), address, userAgent, host);
}

/** A beacon from a page: refused without a row when invalid, not counted for a bot or Global Privacy Control. */
export async function ingest(ctx: AnalyticsContext, request: BeaconRequest): Promise<BeaconOutcome> {
  const { beacons, now, host, limits } = ctx;
  const browser = agent(ctx, request.userAgent);
  if (request.gpc || browser.bot) {
    beacons?.labels("not_counted").inc();
    return "not-counted";
  }
  const t = now();
  // Counted before the body is read, as every anonymous form is.
  const decision = limits ? limits.hit(request.ip, t) : { allowed: true as const };
  if (!decision.allowed) {
    beacons?.labels("limited").inc();
    return { limited: true, retryAfterSeconds: decision.retryAfterSeconds };
  }
  const parsed = parseBeacon(request.body);
  if (!parsed.ok) {
    refused(ctx);
    return "invalid";
  }
  const { beacon } = parsed;
  const visitor = await visitorOf(ctx, t, request.ip, request.userAgent);
  // One address making visitor after visitor (a new user agent per beacon) stops being counted.
  if (limits && !limits.visitorAdmitted(request.ip, visitor, t)) {
    beacons?.labels("limited").inc();
    return "not-counted";
  }
  const referrer = beacon.referrer && beacon.referrer !== host ? beacon.referrer : null;
  await enqueue(ctx, {
    t,
    created_at: new Date(t).toISOString(),
    visitor,
    name: beacon.name,
    path: beacon.path,
    referrer_host: referrer,
    utm_source: beacon.utm_source ?? null,
    utm_medium: beacon.utm_medium ?? null,
    utm_campaign: beacon.utm_campaign ?? null,
    demo_ref: beacon.ref ?? null,
    device: browser.device,
    lead_id: null,
    amount_cents: null,
  });
  beacons?.labels("accepted").inc();
  return "accepted";
}

export function refused(ctx: AnalyticsContext) {
  const { beacons } = ctx;
  beacons?.labels("refused").inc();
}
