// Reads stored episodes for code mentions and resolves them through the
// lookup the daemon handed memory (protocol/anchors.ts), after ingest, off
// its path: ingest only wakes it. Repos without an index cost one check per
// pass; their episodes wait until the repo has one.
import type { CodeDefinition, CodeLookup, MentionContext, MentionResolution } from '../../protocol/anchors';
import type { AnchorDraft, UnanchoredEpisode } from '../store/anchors';
import type { MemoryStore } from '../store';
import { commitAt, historyOf } from './commit';
import { findMentions, underRoot } from './mentions';
import { bestSentence } from './sentence';
import { errorMessage } from '../../errors';

const BATCH = 50;

export class Anchorer {
  private running: Promise<number> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly store: MemoryStore,
    private readonly lookup: () => CodeLookup | undefined,
    private readonly log: (line: string) => void,
  ) {}

  /** Wakes the pass (after ingest); coalesces calls while one runs. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    void this.run().catch((err: unknown) => this.log(`anchors: ${errorMessage(err)}`));
  }

  /** Anchors every episode not read yet whose repo has an index; resolves to how many were read. */
  run(): Promise<number> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
    return this.running;
  }

  /** Lets a running pass finish its episode, and starts no other (before the store closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running?.catch(() => undefined);
  }

  private async pass(): Promise<number> {
    const lookup = this.lookup();
    if (!lookup) return 0;
    let read = 0;
    for (const repo of this.store.anchors.pendingRepos()) {
      if (!lookup.indexed(repo)) continue;
      const history = await historyOf(repo);
      for (;;) {
        const batch = this.store.anchors.pending(repo, BATCH);
        if (batch.length === 0) break;
        for (const episode of batch) {
          if (this.stopped) return read;
          const commit = commitAt(history, episode.at);
          const drafts = await anchorsOf(lookup, episode, this.store.anchors.filesOfSession(episode.session, episode.repo), commit);
          if (this.stopped) return read;
          this.store.anchors.record(episode, drafts, commit);
          read++;
        }
        // Queries are answered between batches.
        await new Promise<void>((r) => setImmediate(r));
      }
    }
    return read;
  }
}

/**
 * Each distinct mention of the episode once, at its first place. Read twice:
 * first alone, to learn which files the episode names (its file mentions and
 * its top-level symbols' files) besides those the session named before; then
 * each mention again in that context, where a name with several definitions,
 * a local or a bare field can be told apart by the files being talked about,
 * and `file.ts:123` is read as a line of the session's commit. What git must
 * say for that is read first, off the event loop (lookup.readAhead); what was
 * found is then kept as it was at the session's commit (lookup.asOf), so its
 * state says what changed since the session, not since the ingest. Where git
 * cannot place it there, it is kept as it is at the ingest.
 */
export async function anchorsOf(
  lookup: CodeLookup,
  episode: Pick<UnanchoredEpisode, 'repo' | 'text'>,
  sessionFiles: readonly string[] = [],
  commit?: string,
): Promise<AnchorDraft[]> {
  const seen = new Set<string>();
  const mentions = findMentions(episode.text).filter((m) => !seen.has(m.text) && seen.add(m.text) !== undefined);
  const first = mentions.map((m) => underRoot(m.text, episode.repo));
  if (lookup.readAhead) await lookup.readAhead(episode.repo, first, commit);
  const firstAlone = first.map((m) => lookup.resolve(episode.repo, m));
  // Another checkout of the repo its deeper paths reveal: its root files (`…/spotter-4te/mix.exs`) are the repo's too.
  const roots = checkoutRoots(first, firstAlone);
  const asked = roots.length === 0 ? first : first.map((m) => roots.reduce((x, r) => underRoot(x, r), m));
  const moved = asked.filter((m, i) => m !== first[i]);
  if (moved.length > 0 && lookup.readAhead) await lookup.readAhead(episode.repo, moved, commit);
  // Only what a root moved is read again.
  const alone = asked.map((m, i) => (m === first[i] ? firstAlone[i]! : lookup.resolve(episode.repo, m)));
  const files = new Set(sessionFiles);
  for (const f of namedFiles(alone)) files.add(f);
  const context: MentionContext = { files: [...files], ...(commit !== undefined ? { commit } : {}) };
  const resolved = asked.map((m) => lookup.resolve(episode.repo, m, context));
  const found = resolved.flatMap((r) => (r.found ? [r.found] : []));
  const then = commit !== undefined && lookup.asOf && found.length > 0 ? await lookup.asOf(episode.repo, commit, found) : [];
  const was = new Map<CodeDefinition, (typeof then)[number]>(found.map((d, i) => [d, then[i]]));
  return mentions.map((m, i): AnchorDraft => {
    const r = resolved[i]!;
    if (r.found === null) return { mention: m.text, offset: m.offset, kind: null, reason: r.reason };
    const d = r.found;
    const past = was.get(d);
    const at = past ?? d;
    return {
      mention: m.text,
      offset: m.offset,
      kind: d.kind,
      symbol: d.symbol,
      name: d.name,
      qualified_name: d.qualified_name,
      file: at.file,
      line: at.line,
      hash: at.hash,
      // A file renamed since the session: where it was found, to find it again.
      ...(d.kind === 'file' && at.file !== d.file ? { found_file: d.file } : {}),
      ...(d.library !== undefined ? { library: d.library } : {}),
      sentence: bestSentence(episode.text, m.text),
    };
  });
}

/**
 * The roots of other checkouts of the repo that absolute paths show: a path
 * outside the repo (`/home/u/wt/spotter-4te/lib/a.ex`) that resolved to the
 * repo's file it ends with (`lib/a.ex`) was written under a checkout rooted
 * at what comes before (`/home/u/wt/spotter-4te`). Read alone, a root file
 * there (`…/spotter-4te/mix.exs`) keeps its folder, so as not to be taken for
 * a file of any folder; under a known root it is the root's.
 */
export function checkoutRoots(asked: readonly string[], resolved: readonly MentionResolution[]): string[] {
  const roots = new Set<string>();
  asked.forEach((m, i) => {
    const found = resolved[i]?.found;
    const p = m.replace(/:\d+(?::\d+)?$/, '');
    if (!found || !/^(?:\/|~\/)/.test(p) || !p.endsWith(`/${found.file}`)) return;
    const root = p.slice(0, p.length - found.file.length - 1);
    if (root.length > 1) roots.add(root);
  });
  return [...roots];
}

/** The files resolutions name as context: a file, or a top-level symbol's (a member's file says less of what was read). */
export function namedFiles(resolutions: readonly MentionResolution[]): string[] {
  const out = new Set<string>();
  for (const r of resolutions)
    if (r.found && r.found.library === undefined && (r.found.kind === 'file' || r.found.qualified_name === r.found.name)) out.add(r.found.file);
  return [...out];
}
