import { type Context, Hono, type Next } from "hono";
import { createRequestHandler } from "react-router";
import type { z } from "zod";
import { budgetOptions, optionLabel, projectTypeOptions, timelineOptions } from "~/schemas/inquiry-fields";
import type { AppDeps, AppEnv } from "../app.server";
import { compressResponse } from "../http/compress.server";
import { createNonce } from "../http/security-headers.server";
import { isCrossSiteRequest } from "../http/origin.server";
import { type LeadQuotes, createLeadQuotes } from "../quotes/studio.server";
import type { QuoteService } from "../quotes/service.server";
import type { AppServices } from "../services.server";
import { createStudioAuth } from "./auth.server";
import { csvResponse, toCsv } from "./csv.server";
import { type LeadResult, createLeadService, leadQuerySchema } from "./leads.server";
import { createPaymentsView, paymentQuerySchema } from "./payments-view.server";
import { createLeadPrivacy } from "./privacy.server";
import { createSecurityNotices } from "./security-notices.server";
import { createStudioSecurity } from "./security.server";
import { type SignInResult, type StudioUser, createStudioSessions, isAnonymousPasskeyPath } from "./session.server";

export type StudioEnv = { Variables: AppEnv["Variables"] & { studioUser?: StudioUser; studioCookies?: string[] } };

/** The studio's own policy: scripts only with this response's nonce, nothing inline or third-party. */
export function studioContentSecurityPolicy(nonce: string) {
  return [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}

const LOGIN = "/studio/login";
/** Paths of the studio: its pages, their React Router data requests (`/studio.data`, `/studio/….data`) and its API. */
const isLoginPath = (path: string) => path === LOGIN || path === `${LOGIN}.data`;
const isApiPath = (path: string) => path.startsWith("/api/studio/");

/**
 * Mounts the studio back office: the session guard on every /studio page and
 * /api/studio endpoint, the JSON and CSV API, and (with a built site) the
 * React Router pages, rendered per request under their own CSP.
 */
export function mountStudio(app: Hono<AppEnv>, deps: AppDeps, services: AppServices, quoteService: QuoteService) {
  const { config, database } = deps;
  // Sign-in comes with the studio's first request (createStudioAuth); a failed load is tried again.
  let signIn: Promise<SignIn> | undefined;
  const loadSignIn = () =>
    (signIn ??= createStudioAuth({ config, database }).then(
      (auth) => {
        const notice = createSecurityNotices({ database, outbox: deps.outbox, now: deps.now });
        const sessions = createStudioSessions({ auth, database, config, now: deps.now, notice });
        return { sessions, security: createStudioSecurity({ auth, database, sessions }) };
      },
      (error: unknown) => {
        signIn = undefined;
        throw error;
      },
    ));
  const leads = createLeadService({ database, config, outbox: deps.outbox, now: deps.now });
  const payments = createPaymentsView({ database });
  const privacy = createLeadPrivacy({ database, now: deps.now });
  const quotes = createLeadQuotes({ database, service: quoteService, payments: services.payments, now: deps.now });
  const studio = app as unknown as Hono<StudioEnv>;

  const guard = async (c: Context<StudioEnv>, next: Next) => {
    const path = c.req.path;
    c.header("X-Robots-Tag", "noindex, nofollow");
    c.header("Cache-Control", "no-store");
    // State changes must come from our own pages: a browser always says where a POST comes from.
    const stateChanging = c.req.method !== "GET" && c.req.method !== "HEAD";
    const headers = c.req.raw.headers;
    if (stateChanging && (isCrossSiteRequest(headers, c.req.url, config) || (!headers.get("origin") && !headers.get("sec-fetch-site")))) {
      return c.json({ success: false, error: "Cross-site request refused." }, 403);
    }
    const { sessions } = await loadSignIn();
    const session = await sessions.current(headers);
    if (session) {
      c.set("studioUser", session.user);
      c.set("studioCookies", session.setCookie);
      for (const cookie of session.setCookie) c.header("Set-Cookie", cookie, { append: true });
    }
    else if (!isLoginPath(path) && !(path === "/api/studio/sign-in" || path === "/api/studio/sign-in/code") && !isAnonymousPasskeyPath(path)) {
      if (isApiPath(path) || stateChanging) return c.json({ success: false, error: "Sign in first." }, 401);
      // React Router's data requests reach the loaders, which answer with a redirect it can follow.
      if (!path.endsWith(".data")) return c.redirect(LOGIN, 302);
    }
    await next();
  };
  studio.use("/studio", guard);
  studio.use("/studio/*", guard);
  studio.use("/studio.data", guard);
  studio.use("/api/studio/*", guard);

  const api = new Hono<StudioEnv>();
  const user = (c: Context<StudioEnv>) => c.get("studioUser")!;
  const answer = <T>(c: Context<StudioEnv>, result: LeadResult<T>) =>
    result.ok ? c.json({ success: true, value: result.value }) : c.json({ success: false, error: result.error }, result.status);
  const form = async (c: Context<StudioEnv>) => {
    const type = c.req.header("content-type") ?? "";
    return type.startsWith("application/json") ? await c.req.json().catch(() => ({})) : Object.fromEntries(await c.req.formData().catch(() => new FormData()));
  };

  const signInAnswer = (c: Context<StudioEnv>, result: SignInResult) => {
    if (!result.ok) {
      if (result.retryAfterSeconds) c.header("Retry-After", String(result.retryAfterSeconds));
      return c.json({ success: false, error: result.error }, result.status);
    }
    for (const cookie of result.setCookie) c.header("Set-Cookie", cookie, { append: true });
    return c.json(result.twoFactor ? { success: true, twoFactor: true } : { success: true });
  };
  // The guard has loaded sign-in before any of these runs.
  const sessions = async () => (await loadSignIn()).sessions;
  api.post("/sign-in", async (c) => signInAnswer(c, await (await sessions()).signIn(await form(c), { headers: c.req.raw.headers, clientIp: c.get("clientIp") })));
  api.post("/sign-in/code", async (c) => signInAnswer(c, await (await sessions()).verifyCode(await form(c), { headers: c.req.raw.headers, clientIp: c.get("clientIp") })));
  api.post("/sign-out", async (c) => {
    for (const cookie of await (await sessions()).signOut(c.req.raw.headers)) c.header("Set-Cookie", cookie, { append: true });
    return c.json({ success: true });
  });
  // Passkey ceremonies run in the browser, so these four better-auth endpoints are reachable (decision 0016).
  api.on(["GET", "POST"], "/auth/passkey/:step", async (c) => (await sessions()).passkeyCeremony(c.req.raw, c.get("clientIp")));
  api.get("/session", (c) => c.json({ success: true, user: { email: user(c).email } }));

  api.get("/leads", async (c) => {
    const query = leadQuerySchema.safeParse(c.req.query());
    if (!query.success) return c.json({ success: false, error: "Invalid filters." }, 400);
    return c.json({ success: true, ...(await leads.list(query.data)) });
  });
  api.get("/leads.csv", (c) => exportCsv(c, leadQuerySchema, leads.exportRows, LEAD_COLUMNS, "leads.csv"));
  api.get("/leads/:id", async (c) => {
    const lead = await leads.get(c.req.param("id"));
    return lead ? c.json({ success: true, ...lead }) : c.json({ success: false, error: "No such lead." }, 404);
  });
  api.get("/leads/:id/export.json", async (c) => {
    const data = await privacy.export(c.req.param("id"));
    if (!data) return c.json({ success: false, error: "No such lead." }, 404);
    c.header("Content-Disposition", `attachment; filename="lead-${c.req.param("id")}.json"`);
    return c.json(data);
  });
  api.post("/leads/:id/delete", async (c) =>
    (await privacy.delete(c.req.param("id"))) ? c.json({ success: true }) : c.json({ success: false, error: "No such lead." }, 404),
  );
  api.post("/leads/:id/status", async (c) => answer(c, await leads.changeStatus(c.req.param("id"), await form(c), user(c))));
  api.post("/leads/:id/release", async (c) => answer(c, await leads.release(c.req.param("id"), user(c))));
  api.post("/leads/:id/notes", async (c) => answer(c, await leads.addNote(c.req.param("id"), await form(c), user(c))));
  api.post("/leads/:id/deliveries/:outboxId/retry", async (c) => answer(c, await leads.retryDelivery(c.req.param("id"), c.req.param("outboxId"), user(c))));

  api.get("/payments", async (c) => {
    const query = paymentQuerySchema.safeParse(c.req.query());
    if (!query.success) return c.json({ success: false, error: "Invalid filters." }, 400);
    return c.json({ success: true, ...(await payments.list(query.data)) });
  });
  api.get("/payments.csv", (c) => exportCsv(c, paymentQuerySchema, payments.exportRows, PAYMENT_COLUMNS, "payments.csv"));
  api.all("*", (c) => c.json({ success: false, error: "Not found." }, 404));
  studio.route("/api/studio", api);

  if (deps.site) mountStudioPages(studio, deps.site.serverBuild, config.NODE_ENV, services, async () => ({ ...(await loadSignIn()), leads, payments, privacy, quotes }));
}

type SignIn = Pick<StudioServices, "sessions" | "security">;

/** The rows the query string's filters select, as a CSV download. */
async function exportCsv<Q, R>(
  c: Context<StudioEnv>,
  schema: z.ZodType<Q>,
  rows: (query: Q) => Promise<R[]>,
  columns: { header: string; value: (row: R) => unknown }[],
  filename: string,
) {
  const query = schema.safeParse(c.req.query());
  if (!query.success) return c.json({ success: false, error: "Invalid filters." }, 400);
  return csvResponse(toCsv(columns, await rows(query.data)), filename);
}

/** Per-request rendering of the studio's React Router pages, with the signed-in user in the load context. */
function mountStudioPages(app: Hono<StudioEnv>, build: NonNullable<AppDeps["site"]>["serverBuild"], mode: string, services: AppServices, studioServices: () => Promise<StudioServices>) {
  const handleDocument = createRequestHandler(build, mode);
  const render = async (c: Context<StudioEnv>) => {
    const nonce = createNonce();
    const studio = await studioServices();
    const withStudio: AppServices & { studio: StudioServices } = { ...services, studio };
    const response = await handleDocument(c.req.raw, {
      cspNonce: nonce,
      services: withStudio,
      clientIp: c.get("clientIp"),
      studio: { ...studio, user: c.get("studioUser") },
    });
    const headers = new Headers(response.headers);
    headers.set("Content-Security-Policy", studioContentSecurityPolicy(nonce));
    headers.set("Cache-Control", "no-store");
    headers.set("X-Robots-Tag", "noindex, nofollow");
    for (const cookie of c.get("studioCookies") ?? []) headers.append("Set-Cookie", cookie);
    const answer = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    return compressResponse(answer, c.req.header("accept-encoding"));
  };
  app.all("/studio", render);
  app.all("/studio.data", render);
  app.all("/studio/*", render);
}

export type StudioServices = {
  sessions: ReturnType<typeof createStudioSessions>;
  security: ReturnType<typeof createStudioSecurity>;
  leads: ReturnType<typeof createLeadService>;
  payments: ReturnType<typeof createPaymentsView>;
  privacy: ReturnType<typeof createLeadPrivacy>;
  quotes: LeadQuotes;
};

type LeadRow = Awaited<ReturnType<ReturnType<typeof createLeadService>["exportRows"]>>[number];
const LEAD_COLUMNS: { header: string; value: (row: LeadRow) => unknown }[] = [
  { header: "Received", value: (r) => r.created_at },
  { header: "Status", value: (r) => r.status },
  { header: "First name", value: (r) => r.first_name },
  { header: "Last name", value: (r) => r.last_name },
  { header: "Email", value: (r) => r.email },
  { header: "Phone", value: (r) => r.phone },
  { header: "Company", value: (r) => r.company },
  { header: "Project type", value: (r) => optionLabel(projectTypeOptions, r.project_type) },
  { header: "Budget", value: (r) => optionLabel(budgetOptions, r.budget) },
  { header: "Timeline", value: (r) => optionLabel(timelineOptions, r.timeline) },
  { header: "Message", value: (r) => r.message },
  { header: "Lost reason", value: (r) => r.lost_reason },
  { header: "Page", value: (r) => r.page },
  { header: "Ref", value: (r) => r.ref },
  { header: "UTM source", value: (r) => r.utm_source },
  { header: "UTM medium", value: (r) => r.utm_medium },
  { header: "UTM campaign", value: (r) => r.utm_campaign },
  { header: "UTM term", value: (r) => r.utm_term },
  { header: "UTM content", value: (r) => r.utm_content },
  { header: "Id", value: (r) => r.id },
];

type PaymentRow = Awaited<ReturnType<ReturnType<typeof createPaymentsView>["exportRows"]>>[number];
const PAYMENT_COLUMNS: { header: string; value: (row: PaymentRow) => unknown }[] = [
  { header: "Created", value: (r) => r.created_at },
  { header: "Paid", value: (r) => r.paid_at },
  { header: "Package", value: (r) => r.package },
  { header: "Amount", value: (r) => (r.amount_cents / 100).toFixed(2) },
  { header: "Currency", value: (r) => r.currency.toUpperCase() },
  { header: "Provider", value: (r) => r.provider },
  { header: "Status", value: (r) => r.status },
  // needed / requested / refunded: money kept only to be given back (a late or duplicate quote payment).
  { header: "Refund", value: (r) => r.refund_status },
  { header: "Session id", value: (r) => r.provider_session_id },
  { header: "Id", value: (r) => r.id },
];
