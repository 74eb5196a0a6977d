// The deterministic extractor: no model, no network, always works. It reads
// the episode's prose with an English NLP library (../../nlp): the project
// from the repository root, the names each sentence mentions, the facts a
// few sentence patterns state, and what the assistant concluded. The agent's
// own tool calls are breadcrumbs, never entities: a command's program or
// host counts only when the prose also talks about it. Its facts carry
// modest confidence so a model's later extraction of the same episode
// outranks them.
import * as path from 'node:path';
import {
  capitalizedMidSentence,
  conclusion,
  lowercaseWords,
  factsIn,
  isAgentTool,
  mentionsIn,
  namesInCommands,
  proseOf,
  sentencesOf,
  toolNamesUsed,
  type Mention,
  type MentionContext,
  type Sentence,
  type SentenceFact,
} from '../../nlp';
import { hostShaped } from '../../nlp/cues';
import { admitted, projectKey } from '../../nlp/evidence';
import { fileOf, filesTouched, folderOfProject } from '../../nlp/files';
import { classifyName } from '../../resolve';
import type { GlossaryEntry } from '../../store';
import type { ExtractReply, ExtractRequest, Provider } from '../provider';
import type { ExtractedEntity, ExtractedFact, Extraction } from '../schema';
import type { EntityType } from '../../../protocol/vocabulary';

/** The extraction schema's own limits. */
const MAX_ENTITIES = 200;
const MAX_FACTS = 400;
const MAX_NOTES = 8;
/** Folders that hold sessions but name no project. */
const NOT_PROJECTS = new Set([
  'tmp',
  'temp',
  'home',
  'root',
  'workspace',
  'workspaces',
  'src',
  'code',
  'work',
  'projects',
  'repos',
  'dev',
  'users',
  'desktop',
  'documents',
  'downloads',
]);

export class OfflineProvider implements Provider {
  readonly type = 'offline';
  readonly name = 'offline';
  readonly usesModel = false;
  readonly timeoutMs = 10_000;
  readonly cooldownMs = 0;

  extract(req: ExtractRequest): Promise<ExtractReply> {
    return Promise.resolve({ extraction: extractOffline(req), tokens: 0 });
  }
}

interface Said extends Sentence {
  role: string;
  heading?: boolean;
  item?: boolean;
}

/** The offline extraction of one episode; pure, so ingest, tests and `remember` call it directly. */
export function extractOffline(req: ExtractRequest): Extraction {
  const ep = req.episode;
  const prose = proseOf(ep.text);
  const sentences: Said[] = prose.units.flatMap((u) => sentencesOf(u.text).map((s) => ({ ...s, role: u.role, heading: u.heading, item: u.item })));
  const commands = namesInCommands(prose.commands);
  const known = new Map<string, EntityType>();
  const knownLowercase = new Set<string>();
  for (const g of req.glossary) {
    for (const n of [g.name, ...g.aliases]) {
      if (isAgentTool(n)) continue;
      known.set(n.toLowerCase(), g.type);
      if (n === n.toLowerCase()) knownLowercase.add(n);
    }
  }
  const ctx: MentionContext = {
    known,
    knownLowercase,
    programs: commands.programs,
    hosts: commands.hosts,
    toolsUsed: toolNamesUsed(prose.toolsUsed),
    codeNames: prose.codeNames,
    capitalizedMid: capitalizedMidSentence(sentences),
    lowercase: lowercaseWords(sentences),
  };

  const out = new Builder(req.glossary);
  const project = projectName(ep.repoRoot ?? ep.cwd);
  if (project) out.entity(project, 'project', ep.repoRoot ?? null);
  let notes = 0;
  const read = sentences.map((s) => {
    const mentions = mentionsIn(s, ctx, { heading: s.heading });
    const facts = factsIn(s, mentions);
    const inFacts = new Set(facts.flatMap((f) => [f.source, f.target]).filter((m): m is Mention => typeof m === 'object'));
    return { sentence: s, mentions, facts, inFacts };
  });
  const knownSpellings = new Set(req.glossary.flatMap((g) => [g.name, ...g.aliases]));
  if (project) knownSpellings.add(project);
  const kept = admitted(read, { project, knownSpellings, commandText: prose.commands.join('\n'), codeNames: prose.codeNames });
  for (const [k, { sentence: s, facts: allFacts }] of read.entries()) {
    const text = s.text.trim();
    const mentions = kept[k]!;
    for (const m of mentions) out.mention(m, text);
    const facts = allFacts.filter((f) => ![f.source, f.target].some((m) => typeof m === 'object' && projectKey(m.name, project)));
    for (const f of facts) out.fact(f, text, project);
    const concluding = s.role === 'assistant' && !s.item && facts.length === 0 && notes < MAX_NOTES && conclusion(text);
    if (concluding) {
      const about = mentions.find((m) => m.name.toLowerCase() !== project?.toLowerCase())?.name ?? project;
      if (about) notes += out.note(about, text);
    }
  }
  for (const g of req.glossary) out.glossaryMention(g, sentences);
  if (project) {
    // Code the session's own files define (from its read/edit tool calls) is part of its project.
    const files = filesTouched(ep.text);
    for (const name of out.names()) {
      const file = fileOf(name, files);
      if (file) out.addFact(name, 'part_of', project, `${name} is the code in ${file}, a file of ${project} the session worked with`, 0.6);
      else if (folderOfProject(name, project, ep.text)) out.addFact(name, 'part_of', project, `${name} is a folder of ${project}`, 0.6);
    }
  }
  // `Oban.Worker`, `AshComputer.LiveView`: a name inside another's namespace is part of it.
  for (const name of out.names()) {
    const outer = name.includes('.') && !/\.js$/i.test(name) ? name.slice(0, name.lastIndexOf('.')) : undefined;
    if (outer && out.names().some((n) => n.toLowerCase() === outer.toLowerCase()))
      out.addFact(name, 'part_of', outer, `${name} is ${outer}'s ${name.slice(outer.length + 1)}`, 0.6);
  }
  // A program the session ran, or a host it reached, that is a thing memory knows: named in this
  // episode's prose, or already in the graph because another session talked about it.
  if (project) {
    for (const [program, cmd] of commands.programs) out.ranOrReached(project, 'uses', program, cmd, known.get(program));
    for (const [host, cmd] of commands.hosts) out.ranOrReached(project, 'connects_to', host, cmd, known.get(host) ?? 'machine');
  }
  return out.result();
}

function projectName(dir: string | undefined): string | undefined {
  if (!dir) return undefined;
  const clean = dir.replace(/[\\/]+$/, '');
  let base = path.basename(clean);
  // A git worktree kept beside its repository (`spotter-worktrees/spotter-fum`) is the repository's project.
  const parent = /^(.+?)[-_.]?worktrees?$/i.exec(path.basename(path.dirname(clean)))?.[1];
  if (parent && base.toLowerCase().startsWith(parent.toLowerCase())) base = parent;
  if (base.length < 3 || NOT_PROJECTS.has(base.toLowerCase())) return undefined;
  return classifyName(base) === 'entity' ? base : undefined;
}

class Builder {
  private readonly entities = new Map<string, ExtractedEntity>();
  /** The first sentence each entity was mentioned in, by lowercase name. */
  private readonly firstSaid = new Map<string, string>();
  /** The type a pattern implied for a name nothing else typed. */
  private readonly implied = new Map<string, EntityType>();
  private readonly facts: ExtractedFact[] = [];
  private readonly factKeys = new Set<string>();
  private readonly known = new Map<string, GlossaryEntry>();

  constructor(glossary: readonly GlossaryEntry[]) {
    for (const g of glossary) for (const n of [g.name, ...g.aliases]) this.known.set(n.toLowerCase(), g);
  }

  /** The glossary's spelling of a known name or alias, so "hgw" and "Hermes gateway" are one entity. */
  private canon(name: string): string {
    const known = this.known.get(name.toLowerCase())?.name;
    if (known) return known;
    // "LiveViews" beside a known "LiveView": one name, said in the plural.
    const one = /^[A-Z][\w.]*[a-z]s$/.test(name) ? name.slice(0, -1).toLowerCase() : undefined;
    return (one && (this.known.get(one)?.name ?? this.entities.get(one)?.name)) || name;
  }

  entity(raw: string, type: EntityType | undefined, repo: string | null = null): void {
    const name = this.canon(raw);
    const key = name.toLowerCase();
    const had = this.entities.get(key);
    if (had) {
      // A typed mention settles a name first seen untyped.
      if (had.type === 'concept' && type && type !== 'concept') had.type = type;
      return;
    }
    if (this.entities.size >= MAX_ENTITIES || classifyName(name) !== 'entity') return;
    const g = this.known.get(key);
    this.entities.set(key, { name: g?.name ?? name, type: g?.type ?? type ?? 'concept', ...(repo ? { repo } : {}) });
  }

  mention(m: Mention, sentence: string): void {
    const key = this.canon(m.name).toLowerCase();
    this.entity(m.name, m.type ?? this.implied.get(key));
    if (!this.firstSaid.has(key)) this.firstSaid.set(key, sentence);
  }

  sentenceOf(name: string): string | undefined {
    const key = this.canon(name).toLowerCase();
    return this.entities.has(key) ? this.firstSaid.get(key) : undefined;
  }

  fact(f: SentenceFact, sentence: string, project: string | undefined): void {
    const source = f.source === 'project' ? project : f.source.name;
    if (!source) return;
    if (f.relation === 'decided') {
      if (!f.decision) return;
      this.decision(f.decision, sentence, source);
      return;
    }
    if (!f.target) return;
    if (f.source !== 'project') this.mention(f.source, sentence);
    this.mention(f.target, sentence);
    if (f.targetKind === 'machine' || (f.relation === 'runs_on' && hostShaped(f.target.name))) this.settle(f.target.name, f.target.type ?? 'machine');
    if (f.relation === 'deployed_on' && f.source !== 'project') this.settle(f.source.name, f.source.type ?? 'service');
    this.addFact(source, f.relation, f.target.name, sentence, 0.6);
  }

  /** `project uses wrangler` when wrangler is known; the sentence that names it, else the command, is the fact's text. */
  ranOrReached(project: string, relation: 'uses' | 'connects_to', name: string, command: string, knownType: EntityType | undefined): void {
    const said = this.sentenceOf(name);
    if (!said && knownType === undefined) return;
    if (!said) this.entity(name, knownType);
    const verb = relation === 'uses' ? 'ran' : 'reached it with';
    this.addFact(
      project,
      relation,
      name,
      said ?? `${project} ${relation === 'uses' ? 'uses' : 'connects to'} ${name} (${verb} \`${clip(command)}\`)`,
      relation === 'uses' ? 0.6 : 0.5,
    );
  }

  note(about: string, sentence: string): number {
    return this.addFact(about, 'note', undefined, sentence, 0.5, sentence.slice(0, 500)) ? 1 : 0;
  }

  /** A name nothing typed takes the type a pattern implies ("deployed on atlas": atlas is a machine). */
  private settle(raw: string, type: EntityType): void {
    const name = this.canon(raw);
    const e = this.entities.get(name.toLowerCase());
    if (e && e.type === 'concept' && !this.known.has(name.toLowerCase())) e.type = type;
    else if (!e) this.implied.set(name.toLowerCase(), type);
  }

  addFact(rawSource: string, relation: string, rawTarget: string | undefined, sentence: string, confidence: number, value?: string): boolean {
    const source = this.canon(rawSource);
    const target = rawTarget === undefined ? undefined : this.canon(rawTarget);
    if (this.facts.length >= MAX_FACTS) return false;
    if (target !== undefined && source.toLowerCase() === target.toLowerCase()) return false;
    if (!this.entities.has(source.toLowerCase()) || (target !== undefined && !this.entities.has(target.toLowerCase()))) return false;
    const key = `${source.toLowerCase()}|${relation}|${(target ?? value ?? '').toLowerCase()}`;
    if (this.factKeys.has(key)) return false;
    this.factKeys.add(key);
    const name = (n: string): string => this.entities.get(n.toLowerCase())!.name;
    this.facts.push({
      source: name(source),
      relation,
      ...(target !== undefined ? { target: name(target) } : { value }),
      fact: sentence.trim().slice(0, 1000),
      confidence,
    });
    return true;
  }

  private decision(clause: string, sentence: string, source: string): void {
    const name = clause.trim().replace(/\s+/g, ' ').slice(0, 80);
    if (classifyName(name) !== 'entity') return;
    this.entities.set(name.toLowerCase(), { name, type: 'decision', description: sentence.slice(0, 1000) });
    this.addFact(source, 'decided', name, sentence, 0.6);
  }

  /** A known name the prose mentions (by name or alias) joins this episode's entities. */
  glossaryMention(g: GlossaryEntry, sentences: readonly Sentence[]): void {
    if (isAgentTool(g.name) || this.entities.has(g.name.toLowerCase())) return;
    for (const n of [g.name, ...g.aliases]) {
      if (n.length < 3 || classifyName(n) !== 'entity') continue;
      const re = new RegExp(String.raw`(?<![\w-])${escapeRegExp(n)}(?![\w-])`, 'i');
      const said = sentences.find((s) => re.test(s.text));
      if (said) {
        this.entity(g.name, g.type);
        this.firstSaid.set(g.name.toLowerCase(), said.text);
        return;
      }
    }
  }

  /** The names this episode's entities go by. */
  names(): string[] {
    return [...this.entities.values()].map((e) => e.name);
  }

  result(): Extraction {
    return { entities: [...this.entities.values()], facts: this.facts };
  }
}

const clip = (s: string): string => (s.length > 120 ? `${s.slice(0, 117)}…` : s);
const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
