import { cn } from "~/lib/cn";

/** "Dr. Maya Okafor-Reid" → "MO": first letters of the first and last name, titles skipped. */
export function initials(name: string) {
  const words = name
    .replace(/[^\p{L}\s'-]/gu, " ")
    .split(/\s+/)
    .filter((w) => w && !/^(dr|mr|mrs|ms|mx)$/i.test(w));
  if (words.length === 0) return "?";
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? "") : "";
  return (first + last).toUpperCase();
}

/** A round badge with a person's initials, for team cards and testimonials (decorative: the name is printed beside it). */
export function InitialsAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        "inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-primary font-heading text-base font-semibold text-primary-foreground",
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}
