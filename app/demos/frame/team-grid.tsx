import { InitialsAvatar } from "./initials-avatar";
import type { TeamMember } from "./schemas";
import { useDemoStyle } from "./slots";

/** The people of a demo business with their initials; the demo's theme styles the `team*` slots. */
export function TeamGrid({ team }: { team: readonly TeamMember[] }) {
  const { slots } = useDemoStyle();
  return (
    <ul data-slot="team-grid" className={slots["team-grid"]}>
      {team.map((m) => (
        <li key={m.name} data-slot="team-member" className={slots["team-member"]}>
          <InitialsAvatar name={m.name} className={slots["team-avatar"]} />
          <h3 data-slot="team-name" className={slots["team-name"]}>
            {m.name}
          </h3>
          <p data-slot="team-role" className={slots["team-role"]}>
            {m.role}
          </p>
          <p data-slot="team-bio" className={slots["team-bio"]}>
            {m.bio}
          </p>
          {m.experience && m.specialty && (
            <p data-slot="team-meta" className={slots["team-meta"]}>
              {m.experience} · {m.specialty}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
