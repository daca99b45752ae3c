import { Clock, Mail, MapPin, Phone } from "lucide-react";

import { contactCopy } from "~/content/pages";
import { formatAddress, siteConfig, type SiteConfig } from "~/content/site";

/** "09:00" -> "9:00": the spec's 24-hour form without a leading zero. */
export function formatHour(hhmm: string) {
  return hhmm.replace(/^0/, "");
}

export function formatHours(h: SiteConfig["hours"][number]) {
  return h.opens && h.closes ? `${formatHour(h.opens)} - ${formatHour(h.closes)}` : contactCopy.closed;
}

/** Contact details and business hours (Pacific), all from the site config. */
export function ContactDetails() {
  const rows = [
    { icon: Mail, label: "Email", value: siteConfig.email, href: `mailto:${siteConfig.email}` },
    { icon: Phone, label: "Phone", value: siteConfig.phone.display, href: siteConfig.phone.href },
    { icon: MapPin, label: "Studio", value: formatAddress(), href: undefined },
  ];
  return (
    <div className="grid gap-6">
      <section aria-labelledby="contact-details-title" className="rounded-2xl border bg-card p-7 shadow-sm">
        <h2 id="contact-details-title" className="text-xl font-bold">
          {contactCopy.detailsTitle}
        </h2>
        <ul className="mt-6 grid gap-5">
          {rows.map((r) => (
            <li key={r.label} className="flex items-start gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-secondary text-primary">
                <r.icon aria-hidden className="size-5" />
              </span>
              <div className="min-w-0">
                <p className="text-sm font-medium text-muted-foreground">{r.label}</p>
                {r.href ? (
                  <a href={r.href} className="break-words font-semibold hover:text-primary hover:underline">
                    {r.value}
                  </a>
                ) : (
                  <p className="font-semibold">{r.value}</p>
                )}
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-6 rounded-xl bg-secondary/70 p-4 text-sm text-secondary-foreground">
          {contactCopy.responseNote}
        </p>
        <p className="mt-4 text-sm">
          {contactCopy.bookCall.before}
          <a
            href={contactCopy.bookCall.href}
            className="font-semibold text-primary underline underline-offset-4"
          >
            {contactCopy.bookCall.linkText}
          </a>
          .
        </p>
      </section>
      <section aria-labelledby="business-hours-title" className="rounded-2xl border bg-card p-7 shadow-sm">
        <div className="flex items-center gap-3">
          <Clock aria-hidden className="size-5 text-primary" />
          <h2 id="business-hours-title" className="text-xl font-bold">
            {contactCopy.hoursTitle}
          </h2>
        </div>
        <p className="mt-1 text-sm text-muted-foreground">All times {siteConfig.timeZoneLabel}</p>
        <dl className="mt-5 grid gap-3">
          {siteConfig.hours.map((h) => (
            <div
              key={h.days}
              className="flex items-center justify-between gap-4 border-b pb-3 last:border-b-0 last:pb-0"
            >
              <dt className="font-medium">{h.days}</dt>
              <dd className={h.opens ? "font-semibold tabular-nums" : "text-muted-foreground"}>
                {formatHours(h)}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
