// The floor a conversational session must clear before it becomes episodes:
// substance, measured in the words it distilled to, not in turns. One prompt
// and a long researched answer is worth keeping; a one-line prompt that was
// aborted, or a greeting and "Ready.", is not. The bar is low on purpose: a
// short question with a one-sentence answer ("Two callers, neither relies on
// unrounded totals.") is knowledge too.
import type { Turn } from './episode';
import { prose } from './summary';

/** Words of distilled text (the user's, the agent's prose and breadcrumbs, compaction summaries) a session needs. */
export const MIN_SUBSTANCE_WORDS = 20;

export interface Substance {
  /** Whitespace-separated words over every turn's distilled text. */
  words: number;
  /** Whether the agent answered in words: an assistant turn with a line that is not a breadcrumb (tool calls alone are work begun, not an answer). */
  answered: boolean;
}

export function substanceOf(turns: readonly Turn[]): Substance {
  let words = 0;
  let answered = false;
  for (const t of turns) {
    const text = t.text.trim();
    if (text.length === 0) continue;
    words += text.split(/\s+/).length;
    if (t.role === 'assistant' && !answered) answered = prose(text).length > 0;
  }
  return { words, answered };
}

/** Whether the turns say enough to be remembered: an answer, and at least `minWords` words in all. */
export function hasSubstance(turns: readonly Turn[], minWords = MIN_SUBSTANCE_WORDS): boolean {
  const s = substanceOf(turns);
  return s.answered && s.words >= minWords;
}
