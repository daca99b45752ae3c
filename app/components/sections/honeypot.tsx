import { HONEYPOT_FIELD } from "~/schemas/inquiry-fields";

/**
 * The bot trap of a public form: a field off-screen, skipped by keyboard and screen readers, that
 * only bots fill in; the server takes a post with it filled as a bot's. `form` names the form in its id.
 */
export function Honeypot({ form }: { form: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={`${form}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
      <input
        id={`${form}-${HONEYPOT_FIELD}`}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}
