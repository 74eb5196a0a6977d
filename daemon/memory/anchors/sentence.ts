// The sentence of a session that says the most about a mention: every place
// the episode names it is read, and a statement (decided, never, instead,
// because) by the assistant wins over a question.

const DECIDES = /\b(decid\w*|chose|choose|never|always|must|instead|because|moved|replac\w*|switch\w*|keep|kept|don't|do not|should not|so that|retr\w+)\b/gi;

/** The sentence around [at, at + len): from after the last stop (`. `, `? `, `! `, a line end) before it to the next one after it. */
function sentenceAt(text: string, at: number, len: number): string {
  const before = text.slice(Math.max(0, at - 400), at);
  const stops = [...before.matchAll(/[.!?]\s|\n/g)];
  const last = stops[stops.length - 1];
  const start = last ? at - before.length + last.index + last[0].length : Math.max(0, at - 400);
  const after = /[.!?](?=\s|$)|\n/.exec(text.slice(at + len, at + len + 400));
  const end = after ? at + len + after.index + 1 : Math.min(text.length, at + len + 400);
  return text
    .slice(start, end)
    .replace(/^(user|assistant):\s*/, '')
    .trim();
}

const score = (sentence: string, speaker: string): number =>
  (sentence.match(DECIDES)?.length ?? 0) * 2 + (speaker === 'assistant' ? 1 : 0) - (sentence.endsWith('?') ? 2 : 0);

/** The best sentence naming the mention, clipped to `max` characters around it. */
export function bestSentence(text: string, mention: string, max = 120): string {
  let best = '';
  let bestScore = -Infinity;
  for (let at = text.indexOf(mention); at >= 0 && at < 200_000; at = text.indexOf(mention, at + mention.length)) {
    const turn = text.lastIndexOf('\n\n', at);
    const speaker = /^(user|assistant):/.exec(text.slice(turn < 0 ? 0 : turn + 2, at))?.[1] ?? '';
    const s = sentenceAt(text, at, mention.length);
    const sc = score(s, speaker);
    if (sc > bestScore) {
      best = s;
      bestScore = sc;
    }
  }
  const flat = best.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
