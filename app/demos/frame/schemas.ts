import type { LucideIcon } from "lucide-react";

import { z } from "~/lib/zod";

/**
 * zod schemas of the content entities the demos share (docs/product.md#demo-sites). Each demo's
 * content.ts is typed by these and its unit test parses it, so a typo in a
 * price or a missing field fails the build, not a visitor's page.
 */
const text = z.string().trim().min(1);

/** A lucide icon component (a function or a forwardRef object). */
export const iconSchema = z.custom<LucideIcon>(
  (v) => typeof v === "function" || (typeof v === "object" && v !== null && "$$typeof" in v),
  "expected an icon component",
);

const hex = z.string().regex(/^#[0-9a-f]{6}$/i, "expected #rrggbb");

export const demoThemeSchema = z.object({
  colors: z.object({
    background: hex,
    foreground: hex,
    card: hex,
    cardForeground: hex,
    primary: hex,
    primaryForeground: hex,
    secondary: hex,
    secondaryForeground: hex,
    muted: hex,
    mutedForeground: hex,
    accent: hex,
    accentForeground: hex,
    border: hex,
    input: hex,
    ring: hex,
  }),
  fonts: z.object({ heading: text, body: text }),
  radius: text,
  header: z.enum(["light", "dark", "primary"]),
  footer: z.enum(["inverse", "primary", "muted"]).optional(),
  primaryIsFillOnly: z.boolean().optional(),
  slots: z.record(z.string(), z.string()).optional(),
});

export const demoLinkSchema = z.object({ label: text, to: z.string().startsWith("/demo/") });

/** A demo business: the identity the shared header and footer show. */
export const demoSiteSchema = z.object({
  slug: z.string().regex(/^[a-z-]+$/),
  name: text.min(3),
  tagline: text.min(20),
  icon: iconSchema,
  nav: z.array(demoLinkSchema).min(2),
  cta: demoLinkSchema,
  contact: z.object({
    // Fictional numbers only: 555-01xx is reserved for fiction.
    phone: z.string().regex(/^\(\d{3}\) 555-01\d{2}$/),
    email: z.email(),
    address: text.includes("Vancouver, BC"),
  }),
  hours: z.array(z.object({ days: text, time: text })).min(1),
  theme: demoThemeSchema,
});

export const testimonialSchema = z.object({
  name: text,
  rating: z.number().int().min(1).max(5),
  text,
  service: text,
});

export const statSchema = z.object({ number: text, label: text, icon: iconSchema });

export const serviceCardSchema = z.object({
  icon: iconSchema,
  title: text,
  description: text,
  features: z.array(text).min(1),
  /** Display price, e.g. "From $150/hour". */
  price: text,
  duration: text.optional(),
});

export const coreValueSchema = z.object({ icon: iconSchema, title: text, description: text });

export const teamMemberSchema = z
  .object({
    name: text,
    role: text,
    /** One line about them: their story, a licence, their years. */
    bio: text,
    experience: text.optional(),
    specialty: text.optional(),
  })
  // The two print as one "18 years · Sourdough" line, so a member has both or neither.
  .refine(
    (m) => (m.experience === undefined) === (m.specialty === undefined),
    "experience and specialty go together",
  );

export type Testimonial = z.infer<typeof testimonialSchema>;
export type Stat = z.infer<typeof statSchema>;
export type ServiceCard = z.infer<typeof serviceCardSchema>;
export type CoreValue = z.infer<typeof coreValueSchema>;
export type TeamMember = z.infer<typeof teamMemberSchema>;
