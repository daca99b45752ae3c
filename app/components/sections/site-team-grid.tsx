import { initials, type TeamMember } from "~/content/team";

/** Avatar gradients, cycled so neighbouring cards differ. */
const avatarTones = [
  "from-primary to-accent",
  "from-accent to-primary",
  "from-[color-mix(in_oklab,var(--primary)_80%,black)] to-primary",
  "from-[color-mix(in_oklab,var(--accent)_80%,black)] to-accent",
];

/** The team of four with initials avatars (no stock photos). */
export function SiteTeamGrid({ members }: { members: readonly TeamMember[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {members.map((m, i) => (
        <li
          key={m.name}
          className="flex flex-col items-center rounded-2xl border bg-card p-6 text-center shadow-sm"
        >
          <span
            aria-hidden
            className={`flex size-20 items-center justify-center rounded-full bg-gradient-to-br ${avatarTones[i % avatarTones.length]} font-heading text-2xl font-extrabold text-primary-foreground shadow-md ring-4 ring-secondary`}
          >
            {initials(m.name)}
          </span>
          <h3 className="mt-5 text-lg font-bold">{m.name}</h3>
          <p className="mt-1 text-sm font-semibold text-primary">{m.role}</p>
          <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{m.description}</p>
        </li>
      ))}
    </ul>
  );
}
