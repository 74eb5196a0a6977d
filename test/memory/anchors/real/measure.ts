// Measures anchoring on real sessions about real code (issue 25, Must show):
// the backticked identifiers and paths that agentcmd's own recorded Claude
// Code sessions wrote, resolved by the same code the daemon runs
// (memory/anchors/mentions.ts finds them, code/query/mention.ts resolves them)
// against scip-typescript's index of agentcmd at its first commit.
//
//   node --import tsx test/memory/anchors/real/measure.ts CHECKOUT INDEX_DB OUT.json TRANSCRIPT[@COMMIT]...
//
// A transcript given as `day-007.md@a21f7fa` is read as the daemon reads a
// session whose commit git gave (anchorer.ts, commitAt): git is read ahead at
// that commit, `file.ts:123` is a line of the file there, a name or path gone
// from CHECKOUT is looked for in its history (goneSince, renamedDefinition),
// and each anchor is kept as it was at that commit (definitionsAt). CHECKOUT
// must then be a git clone with that history. Each such anchor also prints
// where it stood at the commit (`at_commit`) and its state now, read as
// `scry why` reads it (state.ts). Without a commit the output is as before.
//
// What a session says is read in two parts, counted apart: its prose (the
// text and thinking of user and assistant messages) and its tool calls'
// inputs (file_path, path, pattern, command: what the distilled episode keeps
// as breadcrumbs). Tool results (file contents) are left out.
import * as fs from 'node:fs';
import { anchorsOf, namedFiles } from '../../../../daemon/memory/anchors/anchorer';
import { findMentions, underRoot } from '../../../../daemon/memory/anchors/mentions';
import { bestSentence } from '../../../../daemon/memory/anchors/sentence';
import { stateLabel, stateOf } from '../../../../daemon/memory/anchors/state';
import type { AnchorDraft } from '../../../../daemon/memory/store/anchors';
import { AnchorResolver } from '../../../../daemon/code/anchors';
import { CodeStore } from '../../../../daemon/code/store/store';
import type { CodeDefinition, CodeLookup, MentionResolution } from '../../../../daemon/protocol/anchors';
import { consoleParts } from './console';

interface Line {
  type?: string;
  isMeta?: boolean;
  message?: { role?: string; content?: unknown };
}

function parts(file: string): { prose: string; tools: string } {
  if (file.endsWith('.md')) return consoleParts(fs.readFileSync(file, 'utf8'));
  const prose: string[] = [];
  const tools: string[] = [];
  for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!raw.trim()) continue;
    let l: Line;
    try {
      l = JSON.parse(raw) as Line;
    } catch {
      continue;
    }
    if ((l.type !== 'user' && l.type !== 'assistant') || l.isMeta) continue;
    const c = l.message?.content;
    const blocks =
      typeof c === 'string'
        ? [{ type: 'text', text: c }]
        : Array.isArray(c)
          ? (c as Array<{ type?: string; text?: string; thinking?: string; input?: Record<string, unknown> }>)
          : [];
    for (const b of blocks) {
      const t = b.type === 'text' ? b.text : b.type === 'thinking' ? b.thinking : undefined;
      if (typeof t === 'string' && !/^<(command-|local-command|system-reminder)/.test(t.trim())) prose.push(`${l.type}: ${t}`);
      if (b.type === 'tool_use' && b.input) for (const v of Object.values(b.input)) if (typeof v === 'string' && v.length < 2000) tools.push(v);
    }
  }
  return { prose: prose.join('\n\n'), tools: tools.join('\n') };
}

/** Where these sessions ran: agentcmd's monorepo root on its author's machine, unless SESSION_ROOT names another (BookMinder's is `/Users/palimondo/Developer/BookMinder`). */
const SESSION_ROOT = process.env.SESSION_ROOT ?? '/Users/jnarowski/Dev/sourceborn/src/agent-workflows-monorepo-v2';

const [checkout, indexDb, outFile, ...transcripts] = process.argv.slice(2);
if (!checkout || !indexDb || !outFile || transcripts.length === 0) throw new Error('usage: measure.ts CHECKOUT INDEX_DB OUT.json TRANSCRIPT[@COMMIT]...');
const store = new CodeStore(indexDb);
const resolver = new AnchorResolver();
/** The daemon's path: anchorsOf asks a CodeLookup; this one answers from the checkout's index and keeps each last answer (for its candidate count). */
const last = new Map<string, MentionResolution>();
/** Which found definitions git placed at the session's commit (the others are kept as they are in CHECKOUT). */
const placed = new Map<CodeDefinition, boolean>();
const lookup: CodeLookup = {
  indexed: () => true,
  resolve: (_repo, mention, context) => {
    const r = resolver.resolve(store, checkout, mention, context);
    last.set(mention, r);
    return r;
  },
  current: (_repo, anchor) => resolver.current(store, checkout, anchor),
  // What the daemon reads from git first: the checkout's tracked files, and with a session commit what changed since it.
  readAhead: (_repo, asked, commit) => resolver.prepare(store, checkout, asked, commit),
  asOf: async (_repo, commit, found) => {
    const then = await resolver.asOf(store, checkout, commit, found);
    found.forEach((d, i) => placed.set(d, then[i] !== undefined));
    return then;
  },
};

/** `day-007.md@a21f7fa`: the transcript, and the session's commit when one is given. */
function transcriptArg(arg: string): { file: string; commit?: string } {
  const m = /^(.+)@([0-9a-f]{7,40})$/i.exec(arg);
  return m ? { file: m[1]!, commit: m[2]! } : { file: arg };
}

/**
 * Where an anchor stood at the session's commit (null: git could not place it
 * there, so it is kept as it is in CHECKOUT), and its state now as the daemon
 * reads it. A name found only at the commit (goneSince) is already there.
 */
function asWas(found: CodeDefinition, d: AnchorDraft, commit: string): { at_commit: { file: string; line: number } | null; state: string } {
  const row = {
    id: 0,
    episode_seq: 0,
    episode_id: '',
    summary: '',
    fact_id: null,
    mention: d.mention,
    offset: d.offset,
    repo: SESSION_ROOT,
    kind: d.kind!,
    symbol: d.symbol ?? null,
    name: d.name ?? null,
    qualified_name: d.qualified_name ?? null,
    file: d.file!,
    line: d.line!,
    def_hash: d.hash!,
    found_file: d.found_file ?? null,
    library: d.library ?? null,
    at: '',
    git_commit: commit,
    sentence: d.sentence ?? null,
    snippet: '',
  };
  const there = placed.get(found) === true || (found.kind === 'symbol' && found.symbol === undefined);
  return { at_commit: there ? { file: d.file!, line: d.line! } : null, state: stateLabel(stateOf(lookup, row)) };
}
const mentions: object[] = [];
const counts = { sessions: transcripts.length, backticked_spans: 0 };
const blank = () => ({ mentions: 0, backticked: 0, bare_paths: 0, anchored: 0, unresolved: {} as Record<string, number> });
const by = { prose: blank(), tools: blank() };
async function main(): Promise<void> {
  await resolver.prepare(store, checkout, []);
  for (const arg of transcripts) {
    const { file: t, commit } = transcriptArg(arg);
    const p = parts(t);
    counts.backticked_spans += [...p.prose.matchAll(/(?<!`)`([^`\n]{1,200})`(?!`)/g)].length;
    // The daemon reads a session episode by episode, each in the context of the files the session named so far;
    // here the session is one text, so its context is every file it names (prose and tool inputs).
    const sessionFiles = namedFiles(findMentions(`${p.prose}\n\n${p.tools}`).map((m) => lookup.resolve(SESSION_ROOT, underRoot(m.text, SESSION_ROOT))));
    for (const part of ['prose', 'tools'] as const) {
      const text = p[part];
      const c = by[part];
      const found = findMentions(text);
      for (const d of await anchorsOf(lookup, { repo: SESSION_ROOT, text }, sessionFiles, commit)) {
        const m = found.find((x) => x.text === d.mention)!;
        c.mentions++;
        if (m.backticked) c.backticked++;
        else c.bare_paths++;
        const r = last.get(underRoot(d.mention, SESSION_ROOT))!;
        if (r.found) c.anchored++;
        else c.unresolved[r.reason] = (c.unresolved[r.reason] ?? 0) + 1;
        mentions.push({
          session: t.split('/').pop(),
          part,
          mention: m.text,
          backticked: m.backticked,
          ...(r.found
            ? {
                anchored: {
                  kind: r.found.kind,
                  file: r.found.file,
                  line: r.found.line,
                  ...(r.found.qualified_name ? { qualified_name: r.found.qualified_name } : {}),
                  ...(r.found.library ? { library: r.found.library } : {}),
                },
              }
            : { unresolved: r.reason, ...(r.candidates ? { candidates: r.candidates } : {}) }),
          ...(r.found && commit !== undefined ? asWas(r.found, d, commit) : {}),
          said:
            part === 'prose'
              ? bestSentence(text, m.text, 200)
              : (text
                  .split('\n')
                  .find((l) => l.includes(m.text))
                  ?.slice(0, 200) ?? ''),
        });
      }
    }
  }
  store.close();
  fs.writeFileSync(outFile, JSON.stringify({ counts: { ...counts, ...by }, mentions }, null, 1) + '\n');
  console.log(JSON.stringify({ ...counts, ...by }));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
