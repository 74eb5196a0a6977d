// What an assistant concluded, in its own sentence: the cause it found, what
// fixed it, what now holds. Kept as a note on what the sentence is about, so
// recall finds the conclusion by that name and by its words.

const CUES =
  /\b(root cause|the (?:problem|issue|bug|cause|culprit|fix|solution|reason) (?:is|was|turned out)|turn(?:s|ed) out|this means|that means|is caused by|was caused by|because of|fixed (?:it|this|the)|resolved (?:it|this|the)|now (?:works|passes|builds|runs)|(?:works|passes) now|the answer is|in short|to summari[sz]e|conclusion)\b/i;

/** True when an assistant's sentence states a conclusion worth keeping (not a plan, not a question). */
export function conclusion(sentence: string): boolean {
  const s = sentence.trim();
  if (s.length < 30 || s.length > 400 || s.endsWith('?')) return false;
  if (/^(let me|i'll|i will|now i|next,? i|let's)\b/i.test(s)) return false;
  return CUES.test(s);
}
