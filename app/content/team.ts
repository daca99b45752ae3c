import type { z } from "~/lib/zod";

import type { teamMemberSchema } from "./schemas";

/** The studio team (name, role, description; docs/product.md#site-pages). */
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const team: TeamMember[] = [
  {
    name: "Maya Chen",
    role: "Founder & Lead Developer",
    description:
      "Ten years of building for the web. Maya leads every project's architecture and keeps our sites fast and accessible.",
  },
  {
    name: "Daniel Okafor",
    role: "UI/UX Designer",
    description:
      "Daniel turns brands into clear, beautiful interfaces, designing mobile first and testing with real users.",
  },
  {
    name: "Sofia Ramirez",
    role: "Full-Stack Developer",
    description:
      "Sofia builds the forms, booking systems and integrations that make a website work as hard as its owner.",
  },
  {
    name: "Ethan Park",
    role: "SEO & Growth Strategist",
    description:
      "Ethan makes sure the right people find our clients' sites, with technical SEO, content and analytics.",
  },
];

/** "Maya Chen" -> "MC": the avatar shows initials, never a stock photo. */
export function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .slice(0, 2)
    .join("");
}
