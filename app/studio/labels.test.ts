import { describe, expect, it } from "vitest";

import { packageTypes } from "~/content/payment";

import * as refunds from "../../server/billing/refunds.server";
import * as booking from "../../server/booking/notifications.server";
import * as bookingStudio from "../../server/booking/studio-notifications.server";
import * as inquiries from "../../server/inquiries/notifications.server";
import * as undeliverable from "../../server/outbox/undeliverable.server";
import * as payments from "../../server/payments/notifications.server";
import * as quotes from "../../server/quotes/notifications.server";
import * as followUps from "../../server/reminders/follow-ups.server";
import { deliveryChannelLabel, packageName, paymentProviderLabel } from "./labels";

/** Every channel name the notification modules export (the names the outbox stores). */
const channels = [bookingStudio, booking, refunds, inquiries, undeliverable, payments, quotes, followUps]
  .flatMap((m) => Object.entries(m))
  .filter(
    ([name, value]) =>
      typeof value === "string" && /(_EMAIL|_ALERT|_FORM_SERVICE|^REMINDER_[A-Z0-9_]+)$/.test(name),
  )
  .map(([, value]) => value as string)
  .filter((value) => /^[a-z0-9-]+$/.test(value));

describe("the back office's words for codes (issue 37)", () => {
  it("names every notification channel in words, never by its code", () => {
    expect(channels).toEqual(
      expect.arrayContaining(["inquiry-ack-email", "receipt-email", "reminder-new-lead"]),
    );
    for (const channel of channels) {
      const label = deliveryChannelLabel(channel);
      expect(label, channel).not.toBe("Notification");
      expect(label, channel).not.toMatch(/[a-z]-[a-z]/);
    }
    expect(deliveryChannelLabel("studio-security:passkey-added")).toBe(
      "Account security notice, to the account's owner",
    );
  });

  it("names packages and payment providers as the studio sells and reads them", () => {
    expect(packageTypes.map(packageName)).toEqual(["Basic Website", "Pro Website"]);
    expect(paymentProviderLabel.sandbox).toBe("Test mode (no money moved)");
    expect(paymentProviderLabel.stripe).toBe("Stripe");
  });
});
