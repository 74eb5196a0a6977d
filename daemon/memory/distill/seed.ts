// Seed files: markdown a user writes to teach Scry what no transcript says
// (the deploy machine, who owns what). YAML frontmatter gives the title, date,
// entities and tags; each top-level section becomes one turn, so a long seed
// chunks on its own headings.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { DistilledSession, Turn } from '../episode';
import { redact } from '../redact';
import { asRecord } from './jsonl';
import { assembleSession } from './session';

const HEADING_RE = /^(#{1,6})\s+(.*?)\s*#*\s*$/;

export async function distillSeed(file: string): Promise<DistilledSession> {
  const abs = path.resolve(file);
  const buf = await fs.readFile(abs);
  const lines = buf.toString('utf8').replace(/\r\n/g, '\n').split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();

  let meta: Record<string, unknown> = {};
  let bodyStart = 0;
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((l, i) => i > 0 && (l.trim() === '---' || l.trim() === '...'));
    if (end > 0) {
      try {
        meta = asRecord(parseYaml(lines.slice(1, end).join('\n'))) ?? {};
      } catch {
        // A broken frontmatter is kept as body text rather than losing the file.
        meta = {};
      }
      bodyStart = end + 1;
    }
  }

  // Top level = the shallowest heading level used outside code fences.
  const headings: Array<{ index: number; level: number; text: string }> = [];
  let fenced = false;
  for (let i = bodyStart; i < lines.length; i++) {
    const l = lines[i]!;
    if (/^\s*(```|~~~)/.test(l)) fenced = !fenced;
    if (fenced) continue;
    const m = HEADING_RE.exec(l);
    if (m) headings.push({ index: i, level: m[1]!.length, text: m[2]! });
  }
  const top = Math.min(...headings.map((h) => h.level));
  const cuts = headings.filter((h) => h.level === top).map((h) => h.index);

  const title = str(meta.title) ?? headings.find((h) => h.level === top)?.text ?? path.basename(abs, '.md');
  const date = isoDate(meta.date);
  // The title leads the first turn so the episode summary starts with it; entities and tags ride along for extraction.
  const entities = list(meta.entities);
  const tags = list(meta.tags);
  const extras = [entities.length ? `entities: ${entities.join(', ')}` : '', tags.length ? `tags: ${tags.join(', ')}` : ''].filter(Boolean);
  const header = [`${title}${extras.length ? ` (${extras.join('; ')})` : ''}`];

  const turns: Turn[] = [];
  let redactions = 0;
  const sections: Array<[number, number]> = [];
  const starts = cuts[0] === bodyStart ? cuts : [bodyStart, ...cuts];
  starts.forEach((s, i) => sections.push([s, (starts[i + 1] ?? lines.length) - 1]));
  for (const [s, e] of sections) {
    let text = lines
      .slice(s, e + 1)
      .join('\n')
      .trim();
    if (turns.length === 0) text = `${header.join('\n')}\n\n${text}`.trim();
    if (text.length === 0) continue;
    const r = redact(text);
    redactions += r.count;
    // Frontmatter lines belong to the first turn so the span covers the whole file.
    const t: Turn = { role: 'user', text: r.text, lineStart: turns.length === 0 ? 1 : s + 1, lineEnd: e + 1 };
    if (date) t.at = date;
    turns.push(t);
  }

  return assembleSession(
    {
      source: 'seed',
      path: abs,
      sessionId: path.basename(abs, path.extname(abs)),
      title,
      turns,
      consumedBytes: buf.length,
      lines: lines.length,
      unknownTypes: {},
      malformedLines: 0,
      redactions,
    },
    { startedAt: date },
  );
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

function list(v: unknown): string[] {
  if (typeof v === 'string')
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (!Array.isArray(v)) return [];
  return v.map((x) => (typeof x === 'string' || typeof x === 'number' ? String(x).trim() : '')).filter(Boolean);
}

/** YAML turns `date: 2025-03-01` into a Date; a string date is taken if it parses. */
function isoDate(v: unknown): string | undefined {
  const d = v instanceof Date ? v : typeof v === 'string' ? new Date(v) : undefined;
  return d && !Number.isNaN(d.getTime()) ? d.toISOString() : undefined;
}
