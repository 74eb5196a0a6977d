// The transcript formats memory reads, in one place. Adding one: a file in
// this folder declaring it (see source.ts; its distiller may live in
// distill/), and its entry below. The protocol's source ids, config.yaml's
// memory.sources keys, the sweep, ingest, chunking's turn floor, the
// SessionEnd hand-over and `memory status` all derive from this list.
import * as os from 'node:os';
import * as path from 'node:path';
import { aider } from './aider';
import { claude } from './claude';
import { cline, roo } from './cline';
import { codex } from './codex';
import { copilot } from './copilot';
import { cursor } from './cursor';
import { gemini } from './gemini';
import { opencode } from './opencode';
import { qwen } from './qwen';
import { run } from './run';
import { seed } from './seed';
import type { ForeignReads, SourceFile, SourceHome, TranscriptSource } from './source';

export {
  ForeignReads,
  UnknownFormatError,
  type EditorStorage,
  type ForeignOpener,
  type SourceFile,
  type SourceHome,
  type SourceStamp,
  type TranscriptSource,
} from './source';

// Each key must be its source's id: a source is found under the name it records.
const registry = <const T extends { readonly [K in keyof T]: TranscriptSource & { readonly id: K } }>(sources: T): T => sources;

/** In the order a sweep reads them and status lists them. */
export const SOURCES = registry({ claude, codex, gemini, opencode, qwen, cursor, aider, copilot, cline, roo, run, seed });

export type SourceId = keyof typeof SOURCES;

/** A set of sources the domain reads: the registry, or (in tests) the registry and more. */
export type SourceSet = Readonly<Record<string, TranscriptSource>>;

export const SOURCE_IDS: readonly SourceId[] = Object.keys(SOURCES).filter((k): k is SourceId => k in SOURCES);

export const isSourceId = (s: string): s is SourceId => Object.hasOwn(SOURCES, s);

/** Where `home`, `$SCRY_HOME` and the environment come from when not given. */
export function sourceHome(opts: { home?: string; env?: NodeJS.ProcessEnv } = {}): SourceHome {
  const home = opts.home ?? os.homedir();
  const env = opts.env ?? process.env;
  return { home, env, scryHome: env.SCRY_HOME ?? path.join(home, '.scry') };
}

/** The sources of one kind under a root, sorted by path so sweeps are reproducible. */
export function discoverIn(source: TranscriptSource, root: string, where?: SourceHome, reads?: ForeignReads): SourceFile[] {
  return source
    .discover(root, where, reads)
    .map((f) => ({ kind: source.id, ...f }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export interface DiscoverOptions {
  /** The directory to search instead of the default for this kind. */
  root?: string;
  /** The home directory the defaults hang off (tests pass a temp dir). */
  home?: string;
  /** Environment for CODEX_HOME and SCRY_HOME (defaults to process.env). */
  env?: NodeJS.ProcessEnv;
}

/** Where a kind is looked for when no root is given. */
export const defaultRoots = (kind: SourceId, opts: Omit<DiscoverOptions, 'root'> = {}): string[] => SOURCES[kind].defaultRoots(sourceHome(opts));

/** Lists the sources of one kind under its default roots or the one given. */
export function discoverSources(kind: SourceId, opts: DiscoverOptions = {}): SourceFile[] {
  const roots = opts.root ? [opts.root] : defaultRoots(kind, opts);
  return roots.flatMap((root) => discoverIn(SOURCES[kind], root, sourceHome(opts))).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Distills one source of a registered kind. */
export const distill = (kind: SourceId, file: string) => SOURCES[kind].distill(file);

/** Whether a kind grows a turn at a time; unknown kinds (manual notes) are written whole. */
export const isConversational = (kind: string): boolean => (isSourceId(kind) ? SOURCES[kind].conversational : false);
