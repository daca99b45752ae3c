import { parseArgs } from "node:util";

import { quoteStatusLabels } from "~/content/quotes";
import { formatCad, parseCents } from "~/lib/money";
import { z } from "~/lib/zod";
import { quoteReference, type CreateQuoteInput } from "~/shared/quote-model";
import { provinces, taxCodes, type TaxCode } from "~/shared/taxes";

import type { QuoteService } from "./service.server";

export const QUOTE_CLI_USAGE = `Usage:
  npm run studio-quote -- create --inquiry ID --package basic|pro --amount 1234.56 [--deposit 50] [--expires-days 30] [--province BC] [--package-tax GST+PST] [--line "Extra pages:150[:GST+PST]"]... [--terms TEXT]
      (taxes per line: GST, PST (client in BC), HST (client in ON, NB, NL, NS, PE); only with GST_HST_NUMBER set)
  npm run studio-quote -- revise QUOTE_ID --package basic|pro --amount 1234.56 [same options as create]   (a new version; the old one is withdrawn)
  npm run studio-quote -- send QUOTE_ID        (a draft to the client; after the deposit, the balance request)
  npm run studio-quote -- withdraw QUOTE_ID
  npm run studio-quote -- list [--inquiry ID]`;

const money = (what: string) =>
  z.string().transform((v, ctx) => {
    const r = parseCents(v);
    if (r.ok && r.cents >= 0) return r.cents;
    ctx.addIssue({
      code: "custom",
      message: `${what} must be an amount in CAD such as 1234.56 (got "${v}").`,
    });
    return z.NEVER;
  });

const int = (what: string) => z.string().regex(/^\d+$/, `${what} must be a whole number.`).transform(Number);

/** "GST+PST": the taxes of one line, by code. */
const taxList = (v: string) =>
  z.array(z.enum(taxCodes)).safeParse(
    v
      .toUpperCase()
      .split("+")
      .map((t) => t.trim()),
  );

/** "Label:amount" or "Label:amount:GST+PST", split from the end so a label may contain a colon. */
const lineArg = z.string().transform((v, ctx) => {
  let rest = v;
  let taxes: TaxCode[] = [];
  const last = v.slice(v.lastIndexOf(":") + 1);
  if (/^[A-Za-z+ ]+$/.test(last) && v.lastIndexOf(":") > 0) {
    const parsed = taxList(last);
    if (!parsed.success) {
      ctx.addIssue({
        code: "custom",
        message: `--line taxes are GST, PST or HST joined by "+", e.g. "Extra pages:150:GST+PST" (got "${v}").`,
      });
      return z.NEVER;
    }
    taxes = parsed.data;
    rest = v.slice(0, v.lastIndexOf(":"));
  }
  const i = rest.lastIndexOf(":");
  const cents = i > 0 ? parseCents(rest.slice(i + 1)) : undefined;
  if (i > 0 && cents?.ok && cents.cents >= 0)
    return { label: rest.slice(0, i).trim(), amountCents: cents.cents, taxes };
  ctx.addIssue({
    code: "custom",
    message: `--line takes "Label:amount[:taxes]", e.g. "Extra pages:150" or "Extra pages:150:GST+PST" (got "${v}").`,
  });
  return z.NEVER;
});

const contentArgs = z.object({
  package: z.enum(["basic", "pro"], { error: "--package must be basic or pro." }),
  amount: money("--amount").pipe(z.number()),
  deposit: int("--deposit").optional(),
  "expires-days": int("--expires-days").optional(),
  province: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(provinces, { error: `--province is one of ${provinces.join(", ")}.` }))
    .optional(),
  "package-tax": z
    .string()
    .transform((v, ctx) => {
      const parsed = taxList(v);
      if (parsed.success) return parsed.data;
      ctx.addIssue({
        code: "custom",
        message: `--package-tax is GST, PST or HST joined by "+", e.g. GST+PST (got "${v}").`,
      });
      return z.NEVER;
    })
    .optional(),
  line: z.array(lineArg).max(20).default([]),
  terms: z.string().optional(),
});

const createArgs = contentArgs.extend({ inquiry: z.string({ error: "--inquiry ID is required." }).min(1) });

/** A quote's content from the arguments, as create and revise take it. */
function contentInput(a: z.output<typeof contentArgs>): Omit<CreateQuoteInput, "inquiryId"> {
  return {
    packageType: a.package,
    amountCents: a.amount,
    lines: a.line,
    depositPercent: a.deposit,
    expiresInDays: a["expires-days"],
    province: a.province,
    packageTaxes: a["package-tax"],
    terms: a.terms,
  };
}

/** The created (or revised) quote, its link and the next step. */
function printCreated(
  io: Output,
  verb: string,
  value: {
    quote: { id: string; total_cents: number; deposit_cents: number | null; version: number };
    link: string;
  },
) {
  const q = value.quote;
  io.out(
    `${verb} quote ${quoteReference(q.id)} (id ${q.id})${q.version > 1 ? `, version ${q.version}` : ""}, draft: total ${formatCad(q.total_cents, { withCode: true })}${q.deposit_cents !== null ? `, deposit ${formatCad(q.deposit_cents, { withCode: true })}` : ""}.`,
  );
  io.out(`Link: ${value.link}`);
  io.out(`Send it to the client with: npm run studio-quote -- send ${q.id}`);
}

type Output = { out: (line: string) => void; err: (line: string) => void };

const CLI_OPTIONS = {
  inquiry: { type: "string" },
  package: { type: "string" },
  amount: { type: "string" },
  deposit: { type: "string" },
  "expires-days": { type: "string" },
  province: { type: "string" },
  "package-tax": { type: "string" },
  line: { type: "string", multiple: true },
  terms: { type: "string" },
} as const;

type Parsed = ReturnType<
  typeof parseArgs<{ args: string[]; allowPositionals: true; strict: true; options: typeof CLI_OPTIONS }>
>;
type Command = { parsed: Parsed; service: QuoteService; io: Output; actor: string };

/** Runs one studio-quote command; the exit code. Arguments are checked with zod and refused with a clear message. */
export async function runQuoteCommand(
  argv: string[],
  service: QuoteService,
  io: Output,
  actor = "cli",
): Promise<number> {
  const [command, ...rest] = argv;
  let parsed: Parsed;
  try {
    parsed = parseArgs({ args: rest, allowPositionals: true, strict: true, options: CLI_OPTIONS });
  } catch (e) {
    io.err(`${(e as Error).message}\n\n${QUOTE_CLI_USAGE}`);
    return 2;
  }
  const run = { parsed, service, io, actor };
  switch (command) {
    case "create":
      return createCommand(run);
    case "revise":
      return reviseCommand(run);
    case "send":
    case "withdraw":
      return sendOrWithdraw(run, command);
    case "list":
      return listCommand(run);
    default:
      io.err(`${command ? `Unknown command "${command}".` : "No command given."}\n\n${QUOTE_CLI_USAGE}`);
      return 2;
  }
}

async function createCommand({ parsed, service, io, actor }: Command) {
  const args = createArgs.safeParse(parsed.values);
  if (!args.success) {
    io.err(`${args.error.issues.map((i) => i.message).join("\n")}\n\n${QUOTE_CLI_USAGE}`);
    return 2;
  }
  const result = await service.create({ ...contentInput(args.data), inquiryId: args.data.inquiry }, actor);
  if (!result.ok) {
    io.err(result.error);
    return 1;
  }
  printCreated(io, "Created", result.value);
  return 0;
}

async function reviseCommand({ parsed, service, io, actor }: Command) {
  const { values, positionals } = parsed;
  const id = positionals[0];
  const args = contentArgs.safeParse(values);
  if (!id || positionals.length > 1 || !args.success) {
    io.err(
      `${args.success ? "revise takes one quote id." : args.error.issues.map((i) => i.message).join("\n")}\n\n${QUOTE_CLI_USAGE}`,
    );
    return 2;
  }
  const result = await service.revise(id, contentInput(args.data), actor);
  if (!result.ok) {
    io.err(result.error);
    return 1;
  }
  printCreated(io, "Revised: new", result.value);
  return 0;
}

async function sendOrWithdraw({ parsed, service, io, actor }: Command, command: "send" | "withdraw") {
  const { positionals } = parsed;
  const id = positionals[0];
  if (!id || positionals.length > 1) {
    io.err(`${command} takes one quote id.\n\n${QUOTE_CLI_USAGE}`);
    return 2;
  }
  const result = command === "send" ? await service.send(id, actor) : await service.withdraw(id, actor);
  if (!result.ok) {
    io.err(result.error);
    return 1;
  }
  const q = result.value;
  io.out(
    command === "withdraw"
      ? `Quote ${quoteReference(q.id)} withdrawn.`
      : `Quote ${quoteReference(q.id)} ${q.status === "deposit_paid" ? "balance request" : ""} queued for the client.`.replace(
          "  ",
          " ",
        ),
  );
  io.out(`Link: ${service.link(q)}`);
  return 0;
}

async function listCommand({ parsed, service, io }: Command) {
  await service.expireDue();
  const quotes = await service.list({ inquiryId: parsed.values.inquiry });
  if (quotes.length === 0) io.out("No quotes yet.");
  for (const q of quotes) {
    io.out(
      `${quoteReference(q.id)}  ${q.id}  ${quoteStatusLabels[q.status].padEnd(12)}  ${formatCad(q.total_cents, { withCode: true }).padStart(16)}  lead ${q.lead_id}  ${service.link(q)}`,
    );
  }
  return 0;
}
