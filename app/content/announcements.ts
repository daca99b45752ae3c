import { z } from "~/lib/zod";

/** Studio announcements shown in the home page banner (SPEC §3, Announcement). */
export const announcementSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  content: z.string().min(1),
  /** ISO calendar date (YYYY-MM-DD); displayed in en-CA long form. */
  date: z.iso.date(),
  type: z.enum(["promotion", "update", "other"]),
  priority: z.enum(["high", "medium", "other"]),
});

export type Announcement = z.infer<typeof announcementSchema>;

export const announcements: Announcement[] = [
  {
    id: "operations-as-normal-2025-09-23",
    title: "Operations as Normal",
    content:
      "Our studio is fully operational and booking new projects. Send us your inquiry and you will receive a tailored quote within 24 hours.",
    date: "2025-09-23",
    type: "update",
    priority: "medium",
  },
];

/** "September 23, 2025": formatted in UTC so the calendar date never shifts with the visitor's zone. */
export function formatAnnouncementDate(isoDate: string) {
  return new Intl.DateTimeFormat("en-CA", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));
}
