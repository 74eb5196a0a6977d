// Redaction of what an extractor returns: entity names, aliases and fact
// words. Structural, so it needs nothing from the extract folder.
import { redact } from './redact';

interface Entity {
  name: string;
  aliases?: string[] | undefined;
  description?: string | null | undefined;
}
interface Fact {
  source: string;
  target?: string | null | undefined;
  value?: string | null | undefined;
  fact: string;
  supersedes?: string | null | undefined;
}

const r = (s: string): string => redact(s).text;
const rn = <T extends string | null | undefined>(s: T): T => (typeof s === 'string' ? (r(s) as T) : s);

export function redactExtraction<E extends Entity, F extends Fact, X extends { entities: E[]; facts: F[]; summary?: string | null | undefined }>(x: X): X {
  return {
    ...x,
    entities: x.entities.map((e) => ({
      ...e,
      name: r(e.name),
      ...(e.aliases ? { aliases: e.aliases.map(r) } : {}),
      ...(e.description ? { description: r(e.description) } : {}),
    })),
    facts: x.facts.map((f) => ({ ...f, source: r(f.source), fact: r(f.fact), target: rn(f.target), value: rn(f.value), supersedes: rn(f.supersedes) })),
    ...(typeof x.summary === 'string' ? { summary: r(x.summary) } : {}),
  };
}
