import fs from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";

import { GST_HST_NUMBER_PATTERN } from "./billing/tax-number";
import { openP12 } from "./documents/p12.server";
import { DEFAULT_BUILD_DIR, DEFAULT_SITE_URL } from "./paths";

/**
 * Every environment variable the server reads, validated once at start-up.
 * A bad value stops the process with a message naming the variable.
 * Defaults make `npm start` work on a fresh machine with nothing set (it
 * passes PAYMENTS_PROVIDER=sandbox; production otherwise requires it).
 */
const booleanString = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const proxyHops = z
  .string()
  .regex(/^(true|false|\d{1,2})?$/, "expected true, false or the number of proxies in front of the server")
  .optional()
  .transform((v) => (v === "true" ? 1 : !v || v === "false" ? 0 : Number(v)));

const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);

export const PAYMENTS_PROVIDER_REQUIRED =
  "is required in production: set PAYMENTS_PROVIDER=stripe (with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET) for real payments, " +
  "or PAYMENTS_PROVIDER=sandbox to run the test checkout on purpose (no money is collected)";

/** Why a cluster on SQLite is refused at start, with the two ways out. */
export function sqliteOneProcess(workers: number) {
  return (
    `asks for ${workers} processes, but SQLite (DATABASE_PATH) serves one process: ` +
    "unset WEB_CONCURRENCY (or set it to 1), or set DATABASE_URL to a PostgreSQL database to run several (docs/deploy.md)"
  );
}

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().min(1).default("0.0.0.0"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    SITE_URL: z
      .url({ protocol: /^https?$/ })
      .default(DEFAULT_SITE_URL)
      .transform((u) => u.replace(/\/+$/, "")),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Key of the hash that stands in for client addresses in logs; unset: a random key per process. */
    LOG_HASH_KEY: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
    BUILD_DIR: z.string().min(1).default(DEFAULT_BUILD_DIR),
    /**
     * Worker processes serving HTTP (node:cluster); 1 keeps a single process. More than one
     * needs PostgreSQL (decision 0043). Unset: one per core in production on PostgreSQL, one
     * otherwise (decision 0014).
     */
    WEB_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(64).optional()),
    /** Proxies of your own in front of the server (false, true = 1, or a count): the client address is read from X-Forwarded-For that many entries from the right. */
    TRUST_PROXY: proxyHops,

    DATABASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    DATABASE_PATH: z.string().min(1).default("data/app.db"),

    SMTP_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
    SMTP_FROM: z.preprocess(emptyToUndefined, z.string().min(3).optional()),
    INQUIRY_TO: z.preprocess(emptyToUndefined, z.email().optional()),
    WEB3FORMS_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().min(8).optional()),
    WEB3FORMS_URL: z.url().default("https://api.web3forms.com/submit"),

    PAYMENTS_PROVIDER: z.preprocess(emptyToUndefined, z.enum(["sandbox", "stripe"]).optional()),
    STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().startsWith("sk_").optional()),
    STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().startsWith("whsec_").optional()),

    /** Studio sign-in: signs session cookies. Required in production; elsewhere a per-install value is kept in data/. */
    STUDIO_AUTH_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(32, "must be at least 32 characters").optional(),
    ),
    /** The name better-auth's own documentation uses; STUDIO_AUTH_SECRET wins when both are set. */
    BETTER_AUTH_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(32, "must be at least 32 characters").optional(),
    ),
    /** Key of the reminders' unsubscribe links and opt-out digests; unset: derived from the sign-in secret. Never change it once set: opt-outs would be forgotten. */
    UNSUBSCRIBE_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(32, "must be at least 32 characters").optional(),
    ),
    /** Closed (Won/Lost) leads older than this many months are deleted by a daily job. */
    STUDIO_RETENTION_MONTHS: z.coerce.number().int().min(1).max(600).default(24),

    /** How long a process's claim on a notification lasts: a killed process's notifications go out again after this (docs/deploy.md). */
    OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
    /** Bearer token of GET /metrics (Prometheus); unset: /metrics answers 404 (docs/deploy.md#metrics). */
    METRICS_TOKEN: z.preprocess(
      emptyToUndefined,
      z.string().min(32, "must be at least 32 characters (e.g. openssl rand -hex 32)").optional(),
    ),
    /**
     * SQLite: where the server's own backups go (decision 0025); unset, `backups` beside the
     * database (`data/backups` for `npm start`), so the embedded default keeps snapshots too
     * (issue 37); `off` takes none. Tests (NODE_ENV=test) take none unless it is set.
     * PostgreSQL: where `npm run backup` (deploy/'s timer) writes its dumps; no default.
     */
    BACKUP_DIR: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
    /** Seconds between two SQLite backups: a lost disk takes up to this much of the writes with it, plus two backups' runs. */
    BACKUP_INTERVAL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
    /** The newest this many backups are kept... */
    BACKUP_RETAIN: z.coerce.number().int().min(1).max(10_000).default(48),
    /** ...and the newest of each of the last this many days. */
    BACKUP_RETAIN_DAYS: z.coerce.number().int().min(0).max(3_650).default(30),

    /**
     * The studio's GST/HST registration number (e.g. 123456789 RT0001), printed on invoices and
     * receipts. Unset: the studio is a small supplier and no quote line may carry a tax.
     */
    GST_HST_NUMBER: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(
          GST_HST_NUMBER_PATTERN,
          "must be a GST/HST registration number: 9 digits, RT and 4 digits, e.g. 123456789 RT0001",
        )
        .transform((v) => `${v.slice(0, 9)} RT${v.slice(-4)}`)
        .optional(),
    ),

    /**
     * The studio's certificate that seals signed agreements (decision 0057): a PKCS#12 file
     * (private key and certificate) and its passphrase. Required in production on a public
     * origin; unset elsewhere, a self-signed development certificate is generated (docs/security.md#document-seal).
     */
    SIGNING_CERT_FILE: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
    SIGNING_CERT_PASSPHRASE: z.preprocess(emptyToUndefined, z.string().max(1024).optional()),

    /** Benchmarks only: lifts the per-IP rate limits. Never set in production. */
    RATE_LIMIT_DISABLED: booleanString,
  })
  .superRefine((env, ctx) => {
    // SQLite serves one process (decision 0043): several would share its one write lock.
    if (!env.DATABASE_URL && env.WEB_CONCURRENCY !== undefined && env.WEB_CONCURRENCY > 1) {
      ctx.addIssue({
        code: "custom",
        path: ["WEB_CONCURRENCY"],
        message: sqliteOneProcess(env.WEB_CONCURRENCY),
      });
    }
    // A missing deploy secret must not silently turn every payment into a test.
    if (env.NODE_ENV === "production" && !env.PAYMENTS_PROVIDER) {
      ctx.addIssue({ code: "custom", path: ["PAYMENTS_PROVIDER"], message: PAYMENTS_PROVIDER_REQUIRED });
    }
    // A production build served on loopback (`npm start`, e2e, benchmarks) keeps its per-install secret in data/.
    if (
      env.NODE_ENV === "production" &&
      !isLoopbackSite(env.SITE_URL) &&
      !env.STUDIO_AUTH_SECRET &&
      !env.BETTER_AUTH_SECRET
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["STUDIO_AUTH_SECRET"],
        message:
          "STUDIO_AUTH_SECRET (or BETTER_AUTH_SECRET) is required in production (e.g. openssl rand -base64 32)",
      });
    }
    sealIssues(env, ctx);
    if (env.PAYMENTS_PROVIDER === "stripe") {
      for (const key of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const) {
        if (!env[key])
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: `${key} is required when PAYMENTS_PROVIDER=stripe`,
          });
      }
    }
  })
  .transform((env) => ({
    ...env,
    WEB_CONCURRENCY:
      env.WEB_CONCURRENCY ?? (env.NODE_ENV === "production" && env.DATABASE_URL ? availableParallelism() : 1),
    BACKUP_DIR: backupDir(env),
  }));

/** The seal's certificate opens now, or (production on a public origin) is there at all. */
function sealIssues(
  env: { NODE_ENV: string; SITE_URL: string; SIGNING_CERT_FILE?: string; SIGNING_CERT_PASSPHRASE?: string },
  ctx: z.RefinementCtx,
) {
  if (!env.SIGNING_CERT_FILE) {
    if (env.NODE_ENV === "production" && !isLoopbackSite(env.SITE_URL))
      ctx.addIssue({
        code: "custom",
        path: ["SIGNING_CERT_FILE"],
        message:
          "is required in production: the PKCS#12 file (key and certificate) that seals signed agreements, with SIGNING_CERT_PASSPHRASE (docs/deploy.md#document-seal)",
      });
    return;
  }
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(env.SIGNING_CERT_FILE);
  } catch (error) {
    ctx.addIssue({
      code: "custom",
      path: ["SIGNING_CERT_FILE"],
      message: `cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})`,
    });
    return;
  }
  try {
    openP12(bytes, env.SIGNING_CERT_PASSPHRASE ?? "");
  } catch (error) {
    ctx.addIssue({ code: "custom", path: ["SIGNING_CERT_FILE"], message: (error as Error).message });
  }
}

/** BACKUP_DIR as set, `off` for none, or by default (SQLite, outside tests) `backups` beside the database file. */
function backupDir(env: {
  BACKUP_DIR?: string;
  DATABASE_URL?: string;
  DATABASE_PATH: string;
  NODE_ENV: string;
}) {
  if (env.BACKUP_DIR === "off") return undefined;
  if (env.BACKUP_DIR !== undefined) return env.BACKUP_DIR;
  if (env.NODE_ENV === "test" || env.DATABASE_URL || env.DATABASE_PATH === ":memory:") return undefined;
  return path.join(path.dirname(env.DATABASE_PATH), "backups");
}

export function isLoopbackSite(siteUrl: string) {
  return ["localhost", "127.0.0.1", "[::1]"].includes(new URL(siteUrl).hostname);
}

export type AppConfig = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join(".") || "(environment)"}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

/** For process entries and command-line scripts: the config, or its error printed and exit code 1. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}
