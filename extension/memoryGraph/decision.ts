// A decision node's side-panel lines: when it was decided, by whom, and why.
// The why is the reason clause of the sentence that stated it ("… because the
// Supabase client leaked connections", "since", "so that", "to avoid"), read
// from the decision's own words (its description, else its `decided` fact).
// Pure, so plain-Node tests read it.
import type * as P from '../../daemon/protocol';
import type { DecisionView } from '../../webview/protocol';

/** The words that open a reason clause, surest first: "decided to keep X because Y" gives "because Y", never "to keep X". */
const MARKERS = ['because of', 'because', 'due to', 'given that', 'so that', 'in order to', 'to avoid', 'since'];

/** The reason a sentence gives for a decision, or undefined: "use X because Y" → "because Y". */
export function decisionReason(sentence: string): string | undefined {
  for (const marker of MARKERS) {
    const m = new RegExp(`(?:^|[\\s,;(—–-])${marker.replace(/ /g, '\\s+')}\\s+([^.;!?]{3,240})`, 'i').exec(sentence);
    if (m) return `${marker} ${m[1]!.trim().replace(/[,:—–-]+$/, '')}`;
  }
  return undefined;
}

/** The decision's date (its fact's validity start, else the earliest episode), who decided it, and the reason its words give. */
export function decisionView(entity: P.EntityRef, facts: readonly P.MemoryFact[], episodes: readonly P.EpisodeRef[]): DecisionView {
  const decided = facts
    .filter((f) => f.relation === 'decided' && f.target_id === entity.id)
    .sort((a, b) => (a.valid_from ?? a.recorded_at).localeCompare(b.valid_from ?? b.recorded_at))[0];
  const earliest = [...episodes].sort((a, b) => a.occurred_at.localeCompare(b.occurred_at))[0]?.occurred_at;
  const at = decided?.valid_from ?? earliest ?? decided?.recorded_at;
  const reason = decisionReason(entity.description ?? '') ?? (decided ? decisionReason(decided.text) : undefined);
  return {
    ...(at ? { decidedAt: at } : {}),
    ...(decided ? { by: decided.source } : {}),
    ...(reason ? { reason } : {}),
  };
}
