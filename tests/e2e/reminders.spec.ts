import { readRowsIn as readRows } from "./database";
import { expect, sendLead, signForDeposit, test } from "./fixtures";
import { startMailedServer } from "./own-server";

const DAY = 24 * 60 * 60_000;

/**
 * The balance reminders end to end, on a server of this test's own (the suite's server
 * sends no mail) with the in-process SMTP fake: a deposit is paid in the sandbox, the
 * balance requested; with the clock moved 7 days (`npm run reminders -- run --at`, the
 * scan the server's job runs, as of that moment) the reminder arrives with its
 * unsubscribe link; pressing it stops the 14-day one, and the receipt of the balance
 * still arrives.
 */
test("the 7-day balance reminder arrives, its unsubscribe link stops the 14-day one, and the receipt still comes", async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(180_000);
  const own = await startMailedServer("reminders", {
    UNSUBSCRIBE_SECRET: "an e2e key for the unsubscribe links, 32+ chars",
  });
  const { base: origin, smtp, databasePath: dbPath, cli } = own;
  // Sandbox payments mark their emails "[TEST] ".
  const mails = (prefix: string) =>
    smtp.messages.filter((m) => m.subject.replace(/^\[TEST\] /, "").startsWith(prefix));
  try {
    const email = `balance-${Date.now()}@example.com`;
    const { id: leadId } = await sendLead(page.request, origin, {
      firstName: "Grace",
      lastName: "Hopper",
      email,
      message: "A small site for our compiler workshop, please.",
    });
    const { link, quoteId } = own.sentQuote(leadId);

    // The deposit, paid in the sandbox checkout the quote page opens in a new tab.
    // Accepting is signing (a typed name and a ticked box) since quotes became agreements.
    await page.goto(link);
    const deposit = await signForDeposit(page, "Grace Hopper");
    await deposit.getByRole("button", { name: /617\.28/ }).click();
    await expect(deposit).toHaveURL(/\/payment-success\?session_id=/);
    await deposit.close();
    // The balance is requested; the reminders count from now.
    cli("studio-quote", ["send", quoteId]);
    const requestedAt = Date.parse(
      readRows<{ at: string }>(
        dbPath,
        "select balance_requested_at as at from quotes where id = ?",
        quoteId,
      )[0]!.at,
    );

    // Six days on, nothing; seven days on, the reminder.
    expect(cli("reminders", ["run", "--at", new Date(requestedAt + 6 * DAY).toISOString()])).toContain(
      "reminder-balance-7: 0 queued",
    );
    expect(
      cli("reminders", ["run", "--at", new Date(requestedAt + 7 * DAY + 60_000).toISOString()]),
    ).toContain("reminder-balance-7: 1 queued");
    await expect.poll(() => mails("Reminder:").length, { timeout: 60_000 }).toBe(1);
    const [reminder] = mails("Reminder:");
    expect(reminder!.to).toEqual([email]);
    expect(reminder!.text).toContain("Cascadia Web Studio");
    expect(reminder!.text).toContain("$617.28 CAD");
    const unsubscribe = new RegExp(`${origin}/unsubscribe/[\\w.-]+`).exec(reminder!.text)![0];
    expect(reminder!.headers["list-unsubscribe"]).toBe(`<${unsubscribe}>`);
    expect(reminder!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");

    // Opening the link unsubscribes no one (mail scanners open links); the button does.
    await page.goto(unsubscribe);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsubscribe from reminders");
    await checkA11y();
    expect(readRows(dbPath, "select 1 from reminder_opt_outs")).toHaveLength(0);
    await page.getByRole("button", { name: "Unsubscribe from reminders" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are unsubscribed");
    await checkA11y();

    // Fourteen days on: queued, then dropped for the opt-out, as the timeline says.
    expect(
      cli("reminders", ["run", "--at", new Date(requestedAt + 14 * DAY + 60_000).toISOString()]),
    ).toContain("reminder-balance-14: 1 queued");
    await expect
      .poll(
        () =>
          readRows<{ kind: string; body: string }>(
            dbPath,
            "select kind, body from lead_activity where lead_id = ? and kind like 'reminder-%' order by created_at",
            leadId,
          ),
        { timeout: 60_000 },
      )
      .toEqual([
        {
          kind: "reminder-sent",
          body: "Reminder that the balance is unpaid after 7 days emailed to the client.",
        },
        {
          kind: "reminder-cancelled",
          body: "Reminder that the balance is unpaid after 14 days not sent: the client unsubscribed from reminders.",
        },
      ]);
    expect(mails("Reminder:")).toHaveLength(1);

    // Receipts are no reminders: paying the balance still brings one.
    await page.goto(link);
    const [balance] = await Promise.all([
      page.context().waitForEvent("page"),
      page.getByRole("button", { name: "Pay the balance" }).click(),
    ]);
    await balance.getByRole("button", { name: /617\.28/ }).click();
    await expect(balance).toHaveURL(/\/payment-success\?session_id=/);
    await expect.poll(() => mails("Receipt:").length, { timeout: 60_000 }).toBe(2);
    expect(mails("Receipt:").every((m) => m.to[0] === email)).toBe(true);
  } finally {
    await own.stop();
  }
});
