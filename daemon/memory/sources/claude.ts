// Claude Code sessions: ~/.claude/projects/<encoded cwd>/<session>.jsonl,
// each with its subagents' transcripts (in <session>/subagents/, or beside
// the session in older versions). Its SessionEnd hook hands a finished
// session over at once.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { distillClaude } from '../distill/claude';
import { asRecord, asString } from '../distill/jsonl';
import type { SourceFile, TranscriptSource } from './source';
import { entries, isDir, walk } from './walk';

type Found = Omit<SourceFile, 'kind'>;

export const claude = {
  id: 'claude',
  holds: 'a Claude Code session .jsonl or a projects folder',
  configKey: 'claude',
  conversational: true,
  sessionEnd: 'claude-code',
  defaultRoots: ({ home }) => [path.join(home, '.claude', 'projects')],
  discover: claudeSessions,
  // A handed-over session brings its subagents along.
  single: (file) => claudeSessions(path.dirname(file)).find((s) => s.path === file) ?? { path: file },
  distill: distillClaude,
} as const satisfies TranscriptSource<'claude'>;

/** Every project directory under the root, or the root itself when it is one project. */
function claudeSessions(root: string): Found[] {
  const out: Found[] = [];
  const projectDirs = [
    root,
    ...entries(root)
      .filter((e) => e.isDirectory())
      .map((e) => path.join(root, e.name)),
  ];
  for (const dir of projectDirs) {
    const files = entries(dir).filter((e) => e.isFile() && e.name.endsWith('.jsonl'));
    const sessions = new Map<string, Found>();
    for (const f of files) {
      if (f.name.startsWith('agent-')) continue;
      const p = path.join(dir, f.name);
      const s: Found = { path: p };
      const subDir = path.join(dir, path.basename(f.name, '.jsonl'), 'subagents');
      const subs: string[] = [];
      if (isDir(subDir)) walk(subDir, (sp, name) => name.startsWith('agent-') && name.endsWith('.jsonl') && void subs.push(sp));
      if (subs.length) s.subagents = subs.sort();
      sessions.set(path.basename(f.name, '.jsonl'), s);
      out.push(s);
    }
    // Older Claude Code wrote subagents beside the session; their lines name the parent's sessionId.
    for (const f of files) {
      if (!f.name.startsWith('agent-')) continue;
      const p = path.join(dir, f.name);
      const parent = sessions.get(firstSessionId(p) ?? '');
      if (parent) (parent.subagents ??= []).push(p);
      else out.push({ path: p });
    }
  }
  return out;
}

function firstSessionId(file: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    const buf = Buffer.alloc(64 * 1024);
    const n = fs.readSync(fd, buf, 0, buf.length, 0);
    const text = buf.toString('utf8', 0, n);
    const nl = text.indexOf('\n');
    return asString(asRecord(JSON.parse(nl === -1 ? text : text.slice(0, nl)))?.sessionId);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
