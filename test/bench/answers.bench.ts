// Bytes an agent reads per question: `scry refs` in the compact form (whole,
// and as MCP hands it over with its default budget), the same with every
// source line (`lines: true`), the JSON (`scry refs --json`), and what an
// agent does today, `rg -nw NAME`, on the same 40 symbols of two real repos
// (rxjs, ajv). Target: the MCP answer <= 20% of
// grep's bytes, naming every file that holds a reference.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import { connectDaemon } from '../../daemon/client';
import { DEFAULT_BUDGET } from '../../daemon/mcp/tool';
import { repoDir } from '../../daemon/paths';
import * as P from '../../daemon/protocol';
import { siteLines } from '../../daemon/protocol/compact-sites';
import { ajvRepo, ROOT, rxjsRepo, stopDaemon, tempDir } from '../helpers';
import { readSites } from '../code/sites-form';
import { percentile, ratio, table, verdict } from './stats';
import { record } from './summary';

const SAMPLE = 40;

/** 40 of the repo's own named things, spread over the alphabet: functions, classes, interfaces, types, methods, constants. */
export function sampleSymbols(indexFile: string, count = SAMPLE): string[] {
  const db = new Database(indexFile, { readonly: true });
  try {
    const names = db
      .prepare(
        `SELECT s.name FROM symbols s WHERE s.document_id IS NULL AND s.is_external = 0 AND length(s.name) >= 4 AND s.name GLOB '[A-Za-z_]*'
           AND s.kind IN ('function', 'class', 'interface', 'type_alias', 'method', 'constant', 'variable', 'enum')
           AND (SELECT COUNT(*) FROM occurrences o WHERE o.symbol_id = s.id) BETWEEN 2 AND 400
         GROUP BY s.name_lower ORDER BY s.name_lower`,
      )
      .pluck()
      .all() as string[];
    const step = names.length / count;
    return Array.from({ length: Math.min(count, names.length) }, (_, i) => names[Math.floor(i * step)]!);
  } finally {
    db.close();
  }
}

export async function run(): Promise<void> {
  for (const [label, repo] of [
    ['rxjs', rxjsRepo()],
    ['ajv', ajvRepo()],
  ] as const)
    await measure(label, repo);
}

/**
 * Files an answer names, read as an agent reads it: the sites form's tree
 * of folders and files (readSites), the folded `# also defined, no refs:
 * [kind] path:line` line, a file alone on its line (the form with source
 * lines), and the rest line's files (all of them, or a count).
 */
export function namedFiles(text: string): { named: Set<string>; unnamed: number } {
  const named = new Set<string>(readSites(text).keys());
  let unnamed = 0;
  for (const line of text.split('\n')) {
    if (/^[^\s#…].*\.[a-z]+$/i.test(line) && !line.includes(' ')) named.add(line);
    const folded = /^# also defined, no refs(?: \([^)]*\))?: (.*)$/.exec(line);
    if (folded) for (const part of folded[1]!.split(', ')) named.add(part.replace(/^\S+ /, '').replace(/:\d+$/, ''));
    const rest = /^… .*?: (.*)$/.exec(line);
    if (rest) {
      for (const part of rest[1]!.split(', ')) {
        const more = /^\+(\d+) files$/.exec(part);
        if (more) unnamed += Number(more[1]);
        else named.add(part.replace(/ \d+$/, ''));
      }
    }
  }
  return { named, unnamed };
}

/** The bytes of the barest answer naming every site: `path: line,line` per file, nothing else. */
function floorBytes(r: P.QueryResult): number {
  const lines = new Map<string, number[]>();
  for (const o of r.matches.flatMap((m) => m.occurrences)) lines.set(o.file, [...(lines.get(o.file) ?? []), o.line]);
  return [...lines].reduce((n, [file, ls]) => n + Buffer.byteLength(`${file}: ${ls.join(',')}\n`), 0);
}

async function measure(label: string, repo: string): Promise<void> {
  const home = tempDir('bench-answers');
  const conn = await connectDaemon({ home, daemonScript: path.join(ROOT, 'dist', 'daemon.js') });
  try {
    await conn.request(P.IndexRepo.type, { repo });
    const names = sampleSymbols(path.join(repoDir(home, fs.realpathSync(repo)), 'index.db'));
    const rows: Array<Array<string | number>> = [];
    const sum = { compact: 0, lines: 0, mcp: 0, json: 0, rg: 0, occurrences: 0, floor: 0, sites: 0, measure: 0 };
    let worstMeasure = 0;
    const perQuestion: number[] = [];
    let filesWithRefs = 0;
    let filesNamed = 0;
    for (const name of names) {
      const whole = await conn.request(P.Refs.type, { repo, name });
      const paged = await conn.request(P.Refs.type, { repo, name, budget: DEFAULT_BUDGET });
      const compact = Buffer.byteLength(P.compactQuery(whole, 'refs'));
      // The form with every source line (and import), as `lines: true` asks for it (whole answer).
      const lines = Buffer.byteLength(P.compactQuery(await conn.request(P.Refs.type, { repo, name, lines: true }), 'refs'));
      const mcpText = P.compactQuery(paged, 'refs');
      const mcp = Buffer.byteLength(mcpText);
      const json = Buffer.byteLength(`${JSON.stringify(whole)}\n`);
      // stdin closed: rg with a pipe on stdin would search it instead of the folder.
      const rg = spawnSync('rg', ['-nw', '--', name], { cwd: repo, maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] }).stdout.length;
      const files = new Set(whole.matches.flatMap((m) => m.occurrences.map((o) => o.file)));
      const { named } = namedFiles(mcpText);
      filesWithRefs += files.size;
      filesNamed += [...files].filter((f) => named.has(f)).length;
      sum.floor += floorBytes(whole);
      // The budget measures the sites form site by site (siteCost): it must stay above the text it stands for.
      for (const m of whole.matches) {
        const text = siteLines(m, true, false).join('\n').length + 1;
        const measure = m.occurrences.reduce((n, o, i) => n + P.siteCost(o, m.occurrences[i - 1]), 0);
        sum.sites += text;
        sum.measure += measure;
        worstMeasure = Math.max(worstMeasure, text / measure);
      }
      sum.compact += compact;
      sum.lines += lines;
      sum.mcp += mcp;
      sum.json += json;
      sum.rg += rg;
      sum.occurrences += whole.total;
      if (rg > 0) perQuestion.push(compact / rg);
      rows.push([name, whole.total, rg, json, compact, mcp, ratio(compact, rg)]);
    }
    table(
      `refs on ${label}, ${names.length} symbols: bytes per answer`,
      ['symbol', 'occurrences', 'rg -nw', 'json', 'compact', `compact, MCP budget ${DEFAULT_BUDGET}`, 'compact / rg'],
      rows,
    );
    table(
      `all questions (${label})`,
      ['form', 'bytes', 'bytes / question', 'vs rg -nw'],
      [
        ['rg -nw NAME (baseline)', sum.rg, Math.round(sum.rg / names.length), '1.00x'],
        ['scry refs --json', sum.json, Math.round(sum.json / names.length), ratio(sum.json, sum.rg)],
        ['scry refs --format compact --lines (whole answer, source lines)', sum.lines, Math.round(sum.lines / names.length), ratio(sum.lines, sum.rg)],
        ['scry refs --format compact (whole answer)', sum.compact, Math.round(sum.compact / names.length), ratio(sum.compact, sum.rg)],
        ['scry_refs through MCP (compact, default budget)', sum.mcp, Math.round(sum.mcp / names.length), ratio(sum.mcp, sum.rg)],
      ],
    );
    const everyFile = filesNamed === filesWithRefs;
    console.log(`\nfiles with a reference named by the MCP answer (${label}): ${filesNamed} of ${filesWithRefs}`);
    record({
      figure: `bytes returned, refs of ${names.length} ${label} symbols (compact, MCP budget), every file named`,
      value: `${sum.mcp} B, ${filesNamed}/${filesWithRefs} files named`,
      baseline: `rg -nw ${sum.rg} B`,
      ratio: ratio(sum.mcp, sum.rg),
      target: '<= 0.20x, every file',
      ok: sum.mcp / sum.rg <= 0.2 && everyFile,
    });
    console.log(`compact (whole answer) / rg -nw: ${(sum.compact / sum.rg).toFixed(3)}: ${verdict(sum.compact / sum.rg, 0.2)}`);
    console.log(`MCP compact / rg -nw: ${(sum.mcp / sum.rg).toFixed(3)}: ${verdict(sum.mcp / sum.rg, 0.2)}`);
    console.log(
      `floor, every site's file and line and nothing else (\`path: 12,40\`, no header, no enclosing definition, no use): ${sum.floor} B, ${ratio(sum.floor, sum.rg)} of rg -nw (informative: what any answer naming every site costs at least)`,
    );
    console.log(
      `budget measure (siteCost) against the sites text it stands for, per match: the text is at most ${worstMeasure.toFixed(2)} of it, ${(sum.sites / sum.measure).toFixed(2)} overall (informative: above 1.00 a page could pass its budget)`,
    );
    // Totals are ruled by common names (grep's false positives); the median question is a unique name, where grep has little noise.
    console.log(
      `median question, compact / rg -nw: ${percentile(perQuestion, 50).toFixed(2)} (informative: on a unique name grep finds little besides the references)`,
    );
  } finally {
    conn.dispose();
    await stopDaemon(home);
  }
}
