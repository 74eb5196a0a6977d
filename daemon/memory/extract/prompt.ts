// The one instruction every model provider sends. It carries the distilled
// episode, the reference time, a bounded glossary of known entities (so the
// model reuses their names instead of inventing spellings) and the closed
// vocabulary, and asks for JSON only.
import type { GlossaryEntry } from '../store';
import type { ExtractRequest } from './provider';
import { ENTITY_TYPES, RELATIONS } from '../../protocol/vocabulary';

/** The first line of every prompt; lets the ingest side recognize an extractor session by its content too. */
export const PROMPT_MARKER = 'You are the scry-extractor.';

const MAX_EPISODE_CHARS = 48_000;
const MAX_GLOSSARY_CHARS = 4_000;

export function buildPrompt(req: ExtractRequest): string {
  const ep = req.episode;
  const relations = Object.entries(RELATIONS)
    .map(([name, spec]) => `- ${name}${spec.functional ? ' (one current target; a new one replaces the old)' : ''}: ${spec.gloss}`)
    .join('\n');
  const text = ep.text.length > MAX_EPISODE_CHARS ? `${ep.text.slice(0, MAX_EPISODE_CHARS)}\n[… truncated]` : ep.text;
  return [
    PROMPT_MARKER,
    'Extract durable project knowledge from one distilled coding-agent session: the entities it names and the facts it establishes.',
    'Keep only what a teammate would want remembered next week (where things run, what was decided, what depends on what, who owns what, current status). Skip transient details: temp paths, hashes, UUIDs, ports of dev servers, one-off commands.',
    '',
    `Reference time (when this session happened): ${req.referenceTime}`,
    context(ep.repoRoot, ep.cwd, ep.gitBranch),
    '',
    `Entity types (exactly one of): ${ENTITY_TYPES.join(', ')}.`,
    'Do not make entities of generic words (server, api, the app, database, project) or of values: branches, statuses, versions and numbers go in a fact\'s "value".',
    '',
    'Relations (use these names; pick related_to only if none fits):',
    relations,
    '',
    glossary(req.glossary),
    '',
    'Reply with one JSON object and nothing else, of this shape:',
    '{"entities":[{"name":"…","type":"service","aliases":["…"],"description":"…","repo":"…"}],',
    ' "facts":[{"source":"entity name","relation":"deployed_on","target":"entity name","fact":"one plain sentence","confidence":0.9,"valid_from":"ISO time or null","valid_to":null,"supersedes":null}],',
    ' "summary":"one or two sentences about the session"}',
    'A fact has either "target" (an entity listed in entities or the glossary) or "value" (a literal). "supersedes" names the old target or value this fact replaces. confidence is 0..1. If nothing is worth keeping, reply {"entities":[],"facts":[]}.',
    '',
    '<episode>',
    text,
    '</episode>',
  ].join('\n');
}

function context(repoRoot?: string, cwd?: string, branch?: string): string {
  const parts = [repoRoot && `repository root: ${repoRoot}`, cwd && `working directory: ${cwd}`, branch && `git branch: ${branch}`].filter(Boolean);
  return parts.length ? `Session context: ${parts.join('; ')}` : 'Session context: unknown';
}

function glossary(entries: readonly GlossaryEntry[]): string {
  if (entries.length === 0) return 'Known entities: none yet.';
  const lines: string[] = [];
  let size = 0;
  for (const e of entries) {
    const line = `- ${e.name} (${e.type})${e.aliases.length ? `, also: ${e.aliases.slice(0, 5).join(', ')}` : ''}`;
    if (size + line.length > MAX_GLOSSARY_CHARS) break;
    lines.push(line);
    size += line.length + 1;
  }
  return `Known entities (reuse these exact names when the session refers to them):\n${lines.join('\n')}`;
}
