// What a transcript format declares to become a memory source. Everything
// else derives from the registry (index.ts): the sweep's roots and
// discovery, config.yaml's memory.sources keys, ingest and its cursors,
// chunking's turn floor, the SessionEnd hand-over, and the list status shows.
import type { DistilledSession } from '../episode';
import type { ForeignReads } from '../distill/sqlite/read';

export { UnknownFormatError } from '../distill/format-error';
export { ForeignReads, type ForeignOpener } from '../distill/sqlite/read';

/** One source found on disk: a session file, a rollout, a run directory, a seed file, or one session in a database (`db#session`, see db-address.ts). */
export interface SourceFile {
  kind: string;
  path: string;
  /** Transcripts that belong to it and are distilled as their own sessions (a Claude session's subagents). */
  subagents?: string[];
}

/** One editor window's storage, as the extension reports it. */
export interface EditorStorage {
  /** The editor's `User` folder (globalStorage and workspaceStorage hang off it). */
  userDir: string;
  /** This workspace's `User/workspaceStorage/<hash>` folder, when a folder is open. */
  workspaceDir?: string;
}

/** How ingest tells whether a source changed since its cursor. */
export interface SourceStamp {
  size: number;
  mtimeMs: number;
  /** Left out: the first bytes of the file at the address. */
  fingerprint?: string;
}

/** Where default roots hang off. */
export interface SourceHome {
  /** The user's home folder (tests pass a temp dir). */
  home: string;
  /** $SCRY_HOME. */
  scryHome: string;
  env: NodeJS.ProcessEnv;
  /** The repos the code index holds, when the daemon hands them over (Aider keeps its history in each). */
  repos?: () => readonly string[];
  /** Storage the editors running Scry's extension reported: their `User` folder and this workspace's `workspaceStorage/<hash>`. */
  editorStorage?: () => readonly EditorStorage[];
}

export interface TranscriptSource<Id extends string = string> {
  readonly id: Id;
  /** What a path of this kind holds, for `--source` help and status. */
  readonly holds: string;
  /** memory.sources.<configKey> in config.yaml: the roots to sweep instead of the defaults (one path or a list). */
  readonly configKey: string;
  /**
   * Conversational transcripts grow a turn at a time, so a short one waits
   * for a few turns before its first episode; sources written whole (runs,
   * seeds) yield an episode from their first turn.
   */
  readonly conversational: boolean;
  /** The agent whose SessionEnd hook hands this kind's transcripts to the daemon (`scry hook session-end`). */
  readonly sessionEnd?: 'claude-code' | 'codex' | 'gemini-cli' | 'cline';
  /** Where a sweep looks when config.yaml names no roots. */
  defaultRoots(where: SourceHome): string[];
  /**
   * The sources under one root, in any order (the registry sorts them);
   * `where` for a source that must look beside its root. `reads`, in this
   * and the calls below, is the sweep's: a database is opened once for all of them.
   */
  discover(root: string, where?: SourceHome, reads?: ForeignReads): Array<Omit<SourceFile, 'kind'>>;
  /** A folder that is itself one source (a run directory), not a folder to search. */
  isSource?(dir: string): boolean;
  /** The file whose size, mtime and head say whether the source changed (a run by its state.json). */
  trackedFile?(p: string): string;
  /**
   * For sessions that are not files of their own (one of many in a
   * database): the session's change marker, read without taking a lock.
   * `size` only grows while the session grows (its count of messages and
   * parts); `mtimeMs` is its last update; `fingerprint` changes when the
   * address now holds another session. Files are stamped by stat and their
   * first bytes.
   */
  stamp?(address: string, reads?: ForeignReads): SourceStamp;
  /** One handed-over file with what belongs to it. */
  single?(file: string): Omit<SourceFile, 'kind'>;
  /** The tracked file in, a DistilledSession out: pure reads, no model, deterministic. */
  distill(file: string, reads?: ForeignReads): Promise<DistilledSession>;
}
