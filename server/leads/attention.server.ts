import { attentionContext, type AttentionDeps } from "./attention-context.server";
import { load } from "./attention-items.server";

/**
 * The studio's home (/studio): what needs attention now, each item linking to its lead.
 * Leads still New (the site promises a reply within 24 hours), quotes awaiting
 * acceptance (urgent within 3 days of expiring), balances requested and unpaid
 * (overdue once the balance invoice's due day has passed), money to refund, and
 * emails the outbox gave up on; above them, backups that have stopped.
 */
export function createAttention(deps: AttentionDeps) {
  const ctx = attentionContext(deps);
  return {
    load: load.bind(null, ctx),
  };
}

export type Attention = ReturnType<typeof createAttention>;
