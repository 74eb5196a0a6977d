// The words a question shares with its evidence, as the paraphrase rule of
// the real-recall questions counts them: lower-cased words of two letters or
// more, stop words dropped, each reduced by a small suffix stemmer. Deliberately
// simple and fixed: the question file was checked against exactly this, so
// changing it changes what "paraphrase" means for a committed file.

/** Function words and the question words people ask with; they carry no topic. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between ' +
    'both but by can could did do does doing done during each else ever every few for from further get got had has ' +
    'have having he her here hers him his how i if in into is it its itself just let like made make many may me might ' +
    'more most much must my no nor not now of off on once one only or other our ours out over own same she should so ' +
    'some still such than that the their theirs them then there these they this those through to too under until up ' +
    'us use used uses using very was we were what when where which while who whom why will with would yet you your ' +
    'yours isn doesn don won couldn didn wasn aren ll ve re'
  ).split(' '),
);

/** Plural, -ing, -ed, -ly and a final e removed; a doubled final consonant made single. */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && w.length > 3) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length - 3 >= 3) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length - 2 >= 3) w = w.slice(0, -2);
  if (w.length > 4 && w.endsWith('ly')) w = w.slice(0, -2);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  const last = w[w.length - 1];
  if (w.length > 3 && last !== undefined && last === w[w.length - 2] && 'bdgmnprt'.includes(last)) w = w.slice(0, -1);
  return w;
}

/** The stemmed content words of a text, once each. */
export function contentWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (word.length > 1 && !STOP_WORDS.has(word)) out.add(stem(word));
  }
  return out;
}

/** The content words two texts have in common, sorted. */
export function sharedContentWords(a: string, b: string): string[] {
  const inB = contentWords(b);
  return [...contentWords(a)].filter((w) => inB.has(w)).sort();
}
