import type { z } from "~/lib/zod";

import type { announcementSchema } from "./schemas";

/** Studio announcements shown in the home page banner (docs/product.md#site-pages, Home). */
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
