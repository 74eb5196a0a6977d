// remember FACT: a deliberate, durable fact. It is stored at once as a manual
// episode (redacted first), resolved by the offline extractor in the same
// call (the NLP extractor reads the sentence's names and fact), and queued
// for a configured model to refine later (with none, it waits uncounted). Its id is the hash
// of the normalized text, so the same sentence remembered twice is one
// episode and one fact. Nothing here waits on a model.
import { createHash } from 'node:crypto';
import type * as P from '../protocol';
import { findRepoRoot } from '../repos';
import { estimateTokens, type EpisodeDraft } from './episode';
import { extractOffline } from './extract/providers/offline';
import type { Extraction } from './extract/schema';
import { isEntityType, type EntityType } from '../protocol/vocabulary';
import { redact } from './redact';
import { classifyName } from './resolve';
import type { MemoryStore } from './store';
import { inspectReads } from './store/queries/inspect';
import { entityRef, factOut, findEntityId, isoTime } from './views';
import { InvalidParamsError } from '../errors';

export interface RememberOptions {
  now?: Date;
  /** Whether a model is in the chain (the refine then runs soon; otherwise it waits for one). */
  hasModel: boolean;
}

/** `machine:web-2` → a machine named web-2; `web-2` → whatever web-2 already is, else a concept. */
export function parseEntityArg(raw: string): { name: string; type?: EntityType } {
  const m = /^([a-z]+):(.+)$/.exec(raw.trim());
  if (m && isEntityType(m[1]!)) return { name: m[2]!.trim(), type: m[1] };
  return { name: raw.trim() };
}

export const manualEpisodeId = (text: string): string =>
  createHash('sha256')
    .update(`manual\0${normalizeText(text)}`)
    .digest('hex');

const normalizeText = (text: string): string =>
  text
    .normalize('NFKC')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
    .replace(/[.!]+$/, '');

export function remember(store: MemoryStore, params: P.RememberParams, options: RememberOptions): P.RememberResult {
  const started = performance.now();
  const now = options.now ?? new Date();
  const text = redact(params.text.replace(/\s+/g, ' ').trim()).text;
  if (text.length === 0) throw new InvalidParamsError('memory remember needs the fact in words');
  const at = params.at !== undefined ? isoTime(params.at, 'at') : now.toISOString();
  const explicit = (params.entity ?? []).map((raw) => parseEntityArg(redact(raw).text));
  for (const e of explicit)
    if (classifyName(e.name) !== 'entity')
      throw new InvalidParamsError(
        `entity '${e.name}' is not a name memory keeps (${classifyName(e.name)}); name the thing itself, e.g. hermes-api or machine:web-2`,
      );
  const repoRoot = params.cwd ? findRepoRoot(params.cwd) : undefined;
  const id = manualEpisodeId(text);
  const draft: EpisodeDraft = {
    id,
    source: 'manual',
    sourcePath: `manual:${id.slice(0, 16)}`,
    sessionId: 'manual',
    lineStart: 1,
    lineEnd: 1,
    occurredAt: at,
    ...(params.cwd ? { cwd: params.cwd } : {}),
    ...(repoRoot ? { repoRoot } : {}),
    text: `user: ${text}`,
    summary: text.slice(0, 300),
    tokens: estimateTokens(text),
  };

  const created = store.atomically(() => {
    if (!store.addEpisode(draft)) return false;
    const episode = store.episode(id)!;
    const glossary = [
      ...explicit.map((e) => {
        const known = findEntityId(store, e.name);
        const ref = known !== undefined ? entityRef(store, known) : undefined;
        return { name: ref?.name ?? e.name, type: e.type ?? (ref?.type as EntityType | undefined) ?? 'concept', aliases: ref?.aliases ?? [] };
      }),
      ...mentioned(store, text),
    ];
    const extraction = extractOffline({ episode, glossary, referenceTime: at });
    withExplicit(extraction, glossary.slice(0, explicit.length), text, at);
    store.applyExtraction(id, extraction, 'offline');
    // Queued for a model to refine; while none is configured it waits without counting as pending (status.ts).
    store.queueRefine(id);
    return true;
  });

  const q = inspectReads(store);
  const facts = q.factsOfEpisode(id).map((r) => factOut(store, r));
  const entities = q.entitiesOfEpisode(id).map((e) => entityRef(store, e));
  const queued = store.queueItem(id);
  const refine = queued?.status === 'done' ? 'done' : options.hasModel ? 'queued' : 'offline-only';
  const note = !created
    ? 'already remembered: nothing new was stored'
    : facts.length === 0
      ? 'stored as a note; no entity was recognised in it, so recall finds it by its words only. Name what it is about (entity, or --entity NAME on the command line) to link it'
      : undefined;
  return { episode_id: id, created, entities, facts, refine, ...(note ? { note } : {}), elapsed_ms: Math.round((performance.now() - started) * 100) / 100 };
}

/**
 * The known entities the sentence mentions, by exact lookups of its words and
 * runs of up to three words on the alias index: the glossary the offline
 * extractor needs to type the names it meets, without ranking the whole graph.
 */
function mentioned(store: MemoryStore, text: string): Array<{ name: string; type: EntityType; aliases: string[] }> {
  const words = text
    .split(/[\s,;:!?()"'`]+/)
    .map((w) => w.replace(/\.+$/, ''))
    .filter((w) => w.length > 0);
  const ids = new Set<number>();
  for (let i = 0; i < words.length && ids.size < 50; i++) {
    for (let n = 1; n <= 3 && i + n <= words.length; n++) {
      const phrase = words.slice(i, i + n).join(' ');
      if (classifyName(phrase) !== 'entity') continue;
      const id = findEntityId(store, phrase);
      if (id !== undefined) ids.add(id);
    }
  }
  return [...ids].map((id) => {
    const e = entityRef(store, id);
    return { name: e.name, type: e.type as EntityType, aliases: e.aliases ?? [] };
  });
}

/**
 * The entities the caller named are in the graph whatever the offline
 * extractor made of the sentence, and each one that no extracted fact touches
 * carries the sentence itself as a note, so recall of that entity shows it.
 * With no name at all, the project of the working directory takes the note.
 */
function withExplicit(extraction: Extraction, named: Array<{ name: string; type: EntityType }>, text: string, at: string): void {
  const has = (name: string): boolean => extraction.entities.some((e) => e.name.toLowerCase() === name.toLowerCase());
  for (const e of named) if (!has(e.name)) extraction.entities.push({ name: e.name, type: e.type });
  const touched = (name: string): boolean =>
    extraction.facts.some((f) => f.source.toLowerCase() === name.toLowerCase() || f.target?.toLowerCase() === name.toLowerCase());
  const subjects =
    named.length > 0
      ? named.map((e) => e.name)
      : extraction.facts.length === 0
        ? extraction.entities.filter((e) => e.type === 'project').map((e) => e.name)
        : [];
  for (const name of subjects) {
    if (touched(name)) continue;
    extraction.facts.push({ source: name, relation: 'note', value: text.slice(0, 500), fact: text.slice(0, 1000), confidence: 0.9, valid_from: at });
  }
  // A remembered fact is stated, not guessed: it outranks what the offline extractor infers from transcripts.
  for (const f of extraction.facts) {
    f.confidence = Math.max(f.confidence, 0.8);
    f.valid_from ??= at;
  }
}
