import { z } from "~/lib/zod";

/** The studio's six core values (SPEC §3 Core value: icon, title, description). */
export const coreValueIcons = ["award", "handshake", "eye", "gauge", "accessibility", "sprout"] as const;

export const coreValueSchema = z.object({
  icon: z.enum(coreValueIcons),
  title: z.string().min(1),
  description: z.string().min(1),
});

export type CoreValue = z.infer<typeof coreValueSchema>;

export const coreValues: CoreValue[] = [
  { icon: "award", title: "Craftsmanship", description: "We sweat the details, from pixel-perfect layouts to clean, maintainable code." },
  { icon: "handshake", title: "Partnership", description: "We work with you, not for you: your goals shape every decision we make." },
  { icon: "eye", title: "Transparency", description: "Clear quotes, honest timelines and no hidden fees. You always know where your project stands." },
  { icon: "gauge", title: "Performance", description: "Fast sites win clients. We build lean pages that load quickly on any network." },
  { icon: "accessibility", title: "Accessibility", description: "Every site we build is usable by everyone, meeting WCAG 2.2 AA guidelines." },
  { icon: "sprout", title: "Growth", description: "We build for where your business is going, with sites that scale as you do." },
];
