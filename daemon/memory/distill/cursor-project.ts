// The folder a Cursor agent transcript belongs to. Cursor names the project
// folder under ~/.cursor/projects/ after the workspace path with its
// separators turned into dashes (`home-ana-src-orders-service`), which
// loses where a dash was part of a name: the slug is decoded against the
// disk, one existing folder at a time. Undefined when no folder matches
// (a project since moved or deleted).
import * as fs from 'node:fs';
import * as path from 'node:path';

const cache = new Map<string, string | undefined>();

export function projectOfCursorTranscript(file: string): string | undefined {
  // <projects>/<slug>/agent-transcripts/[<id>/]<id>.(txt|jsonl)
  let dir = path.dirname(file);
  if (path.basename(dir) !== 'agent-transcripts') dir = path.dirname(dir);
  if (path.basename(dir) !== 'agent-transcripts') return undefined;
  return decodeSlug(path.basename(path.dirname(dir)));
}

export function decodeSlug(slug: string): string | undefined {
  if (cache.has(slug)) return cache.get(slug);
  const parts = slug.split('-').filter((p) => p.length > 0);
  const found = walk(path.parse(process.cwd()).root, parts);
  cache.set(slug, found);
  return found;
}

function walk(dir: string, rest: readonly string[]): string | undefined {
  if (rest.length === 0) return dir;
  // Longest names first: `orders-service` before `orders`.
  for (let k = rest.length; k >= 1; k--) {
    for (const sep of ['-', '.', '_', ' ']) {
      if (k === 1 && sep !== '-') continue;
      const name = rest.slice(0, k).join(sep);
      const next = path.join(dir, name);
      if (isDir(next)) {
        const hit = walk(next, rest.slice(k));
        if (hit) return hit;
      }
    }
  }
  return undefined;
}

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
