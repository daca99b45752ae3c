/**
 * `npx tsx scripts/studio-inbox-bench.ts [--leads N]`: seeds a fresh SQLite
 * database (`npm run bench:studio`), or the PostgreSQL of TEST_DATABASE_URL
 * (`npm run bench:studio:pg`, a throwaway cluster), with N leads (default
 * 100,000) and their notification rows, then times the studio inbox's queries
 * (the first page, filtered pages, every order and a page deep in its keyset,
 * full-text searches that match early, match everything, or match nothing)
 * through the real lead service. Prints a
 * Markdown table (recorded in reports/studio-inbox.md); exits non-zero when
 * the first page's median is over 50 ms.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";

import { migrateToLatest, openDatabase } from "../server/db/database.server";
import type { LeadStatus } from "../server/db/schema";
import { leadSearchText } from "../server/db/search-text";
import { leadQuerySchema, type LeadQuery } from "../server/leads/lead-context.server";
import { createLeadService } from "../server/leads/service.server";

const BUDGET_MS = 50;
const RUNS = 50;

async function main() {
  const arg = process.argv.indexOf("--leads");
  const count = arg > -1 ? Number(process.argv[arg + 1]) : 100_000;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-"));
  const pgUrl = process.env.TEST_DATABASE_URL;
  const database = openDatabase(
    pgUrl ? { kind: "postgres", url: pgUrl } : { kind: "sqlite", path: path.join(dir, "bench.db") },
  );
  try {
    await migrateToLatest(database);
    const seeded = performance.now();
    await seed(database, count);
    console.error(`seeded ${count} leads in ${Math.round(performance.now() - seeded)} ms`);
    const leads = createLeadService({ database, config: { WEB3FORMS_ACCESS_KEY: undefined } });

    /** The cursor of page 22 in an order. */
    const deepCursor = async (sort: string) => {
      let deep = (await leads.list(leadQuerySchema.parse({ sort }))).next;
      for (let i = 0; i < 20 && deep; i++)
        deep = (await leads.list(leadQuerySchema.parse({ sort, after: deep }))).next;
      return deep;
    };
    const cases: [string, LeadQuery][] = [
      ["first page, newest first", leadQuerySchema.parse({})],
      ["first page, oldest first", leadQuerySchema.parse({ sort: "oldest" })],
      ["status = quoted", leadQuerySchema.parse({ status: "quoted" })],
      ["project type + budget", leadQuerySchema.parse({ projectType: "ecommerce", budget: "2500+" })],
      ["source ref = demo-bakery", leadQuerySchema.parse({ ref: "demo-bakery" })],
      ["page 22 (keyset cursor)", leadQuerySchema.parse({ after: await deepCursor("newest") })],
      ["sorted by name, first page", leadQuerySchema.parse({ sort: "name" })],
      ["sorted by name, page 22", leadQuerySchema.parse({ sort: "name", after: await deepCursor("name") })],
      ["sorted by status, first page", leadQuerySchema.parse({ sort: "status" })],
      [
        "sorted by status, page 22",
        leadQuerySchema.parse({ sort: "status", after: await deepCursor("status") }),
      ],
      ["sorted by budget, first page", leadQuerySchema.parse({ sort: "budget" })],
      [
        "sorted by budget, page 22",
        leadQuerySchema.parse({ sort: "budget", after: await deepCursor("budget") }),
      ],
      ["search 'hopper' (1 lead in 8)", leadQuerySchema.parse({ q: "hopper" })],
      ["search 'lovelace42' (a few leads)", leadQuerySchema.parse({ q: "lovelace42" })],
      ["search 'booking' (every lead)", leadQuerySchema.parse({ q: "booking" })],
      ["search with no match", leadQuerySchema.parse({ q: "quixotic zeppelin" })],
      ["search with no match, by name", leadQuerySchema.parse({ q: "quixotic", sort: "name" })],
    ];
    const engine = pgUrl
      ? `PostgreSQL ${(await sql<{ v: string }>`select current_setting('server_version') as v`.execute(database.db)).rows[0]!.v}`
      : "SQLite, WAL";
    const lines = [
      `Leads: ${count.toLocaleString("en-CA")} (${engine}), ${RUNS} runs per query after 5 warm-up runs, Node ${process.version}.`,
      "",
      "| Query | Median (ms) | p95 (ms) |",
      "|---|---|---|",
    ];
    let firstMedian = 0;
    for (const [name, query] of cases) {
      const times: number[] = [];
      for (let i = 0; i < RUNS + 5; i++) {
        const t = performance.now();
        await leads.list(query);
        if (i >= 5) times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)]!;
      const p95 = times[Math.floor(times.length * 0.95)]!;
      if (name.startsWith("first page, newest")) firstMedian = median;
      lines.push(`| ${name} | ${median.toFixed(2)} | ${p95.toFixed(2)} |`);
    }
    console.log(lines.join("\n"));
    if (firstMedian > BUDGET_MS) {
      console.error(`first page median ${firstMedian.toFixed(1)} ms is over the ${BUDGET_MS} ms budget`);
      process.exitCode = 1;
    }
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const statuses: LeadStatus[] = ["new", "contacted", "quoted", "won", "lost"];
const projectTypes = ["basic", "pro", "ecommerce", "maintenance", "seo", "mobile", "custom"];
const budgets = ["220-340", "340-500", "500-1000", "1000-2500", "2500+"];
const demos = ["bakery", "gym", "plumber", "consultant"];
const names = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken"];
const surnames = ["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "Thompson"];

async function seed(database: ReturnType<typeof openDatabase>, count: number) {
  const start = Date.UTC(2024, 0, 1);
  const batch = 500;
  await database.db.transaction().execute(async (trx) => {
    for (let offset = 0; offset < count; offset += batch) {
      const leads = [];
      const outbox = [];
      for (let i = offset; i < Math.min(count, offset + batch); i++) {
        const id = randomUUID();
        const at = new Date(start + i * 60_000).toISOString();
        leads.push({
          id,
          first_name: names[i % names.length]!,
          last_name: `${surnames[(i * 7) % surnames.length]}${i}`,
          email: `lead${i}@example.com`,
          phone: null,
          company: `Company ${i % 997}`,
          project_type: projectTypes[i % projectTypes.length]!,
          budget: budgets[(i * 3) % budgets.length]!,
          timeline: "flexible",
          message: `Lead number ${i}: we need a website with a booking form and a gallery.`,
          source: "api",
          created_at: at,
          page: "/contact",
          // One lead in ten from a demo banner, one in twenty-five with a campaign.
          ref: i % 10 === 0 ? `demo-${demos[(i / 10) % demos.length]}` : null,
          utm_campaign: i % 25 === 0 ? "spring-2026" : null,
          status: statuses[(i * 13) % statuses.length]!,
        });
        outbox.push({
          id: randomUUID(),
          subject_type: "inquiry",
          subject_id: id,
          channel: "inquiry-email",
          status: i % 50 === 0 ? ("failed" as const) : ("delivered" as const),
          attempts: 1,
          next_attempt_at: at,
          created_at: at,
        });
      }
      await trx
        .insertInto("leads")
        .values(leads.map((l) => ({ ...l, search_text: leadSearchText(l) })))
        .execute();
      await trx.insertInto("outbox").values(outbox).execute();
    }
  });
  // Fresh statistics, as a long-running database has them, so the planner picks the indexes.
  await sql`analyze`.execute(database.db);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
