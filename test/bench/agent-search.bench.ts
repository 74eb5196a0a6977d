// The Bash search hook on real agent commands (issue 39): 738 shell commands
// agents ran in six public repositories, labelled by hand before the
// classifier existed (test/fixtures/agent-search/commands.jsonl, SOURCES.md).
//
// 1. The classifier alone: which commands name the labelled symbol.
// 2. The whole hook with the index deciding: each repository is checked out
//    at the commit a command ran against (from a fetched mirror:
//    SCRY_BENCH_MIRRORS, default /work/.mirror), indexed by a real daemon,
//    and every command that is a candidate goes through the hook's
//    PreToolUse path (daemon/hooks/pretool.ts) with its cwd mapped into the
//    checkout. Symbol searches answered (target >= 95%) and other commands
//    left untouched (target >= 99%), per route (grep, rg, find, git grep).
// 3. Bytes the model receives per answered symbol search: the grep's own
//    output (run in the checkout), augment (grep + answer) and replace (the
//    answer alone), and whether the answer names every file the index has a
//    reference in.
// 4. What the hook costs: a non-search Bash command through bin/scry-hook
//    against a hook that does nothing (`sh -c :`), and a symbol search's
//    whole answer, beside `node -e 0`.
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { connectRunning } from '../../daemon/client';
import { Refs } from '../../daemon/protocol/code';
import { candidatesIn } from '../../daemon/hooks/search';
import { runPreToolUse, type PreToolOutput } from '../../daemon/hooks';
import { ROOT, runCli, stopDaemon, tempDir } from '../helpers';
import { ms, percentile, table } from './stats';

interface Row {
  id: string;
  repo: string;
  cwd: string;
  command: string;
  label: 'symbol' | 'file' | 'other';
  symbol?: string;
  file?: string;
  commit: string;
  tool: string;
}

const CORPUS = path.join(ROOT, 'test', 'fixtures', 'agent-search', 'commands.jsonl');
const MIRRORS = process.env.SCRY_BENCH_MIRRORS ?? '/work/.mirror';

/** Where each repository's mirror is, and the folders its sessions ran in (the checkout's root, then any worktree under it). */
const REPOS: Record<string, { mirror: string; roots: RegExp[] }> = {
  'entire-cli': {
    mirror: 'entireio+cli',
    roots: [
      /^\/Users\/alex\/workspace\/cli\/\.worktrees\/(?:alex|soph)\/[^/]+/,
      /^\/Users\/alex\/workspace\/cli\/\.worktrees\/\d+/,
      /^\/Users\/[^/]+\/(?:workspace|Repositories|wks\/test-cli|wks|src\/entireio|Work\/entire\/devenv)\/(?:cli|completion-stanza-manager)/,
    ],
  },
  'oh-my-posh': { mirror: 'JanDeDobbeleer+oh-my-posh', roots: [/^D:\/oh-my-posh\/\.claude\/worktrees\/[^/]+/, /^D:\/oh-my-posh/, /^\/d\/oh-my-posh/] },
  agentv: {
    mirror: 'EntityProcess+agentv',
    roots: [/^\/home\/entity\/projects\/EntityProcess\/agentv(?:\.worktrees|__worktrees)\/[^/]+/, /^\/home\/entity\/projects\/EntityProcess\/agentv/],
  },
  'cipher-box': { mirror: 'FSM1+cipher-box', roots: [/^\/Users\/michael\/Code\/cipher-box/] },
  spotter: { mirror: 'marot+spotter', roots: [/^\/home\/USER\/projects\/spotter-worktrees\/spotter-[^/]+/] },
  agentcmd: { mirror: 'jnarowski+agentcmd', roots: [/^\/Users\/jnarowski\/Dev\/sourceborn\/src\/agent-workflows-monorepo-v2/] },
};

const posix = (p: string): string => p.replace(/\\/g, '/');

/** The cwd's root in the transcript, and the rest of it. */
function splitCwd(row: Row): { root: string; rest: string } | undefined {
  const cwd = posix(row.cwd);
  for (const r of REPOS[row.repo]?.roots ?? []) {
    const m = r.exec(cwd);
    if (m) return { root: m[0], rest: cwd.slice(m[0].length) };
  }
  return undefined;
}

/** The command as it would run in the checkout: the transcript's absolute root (either slash) replaced by the checkout's. */
function mapCommand(row: Row, root: string, checkout: string): string {
  let c = row.command;
  for (const form of new Set([root, root.replace(/\//g, '\\'), root.replace(/^D:/, '/d'), root.replace(/^\/d\//, 'D:/')])) c = c.split(form).join(checkout);
  // A Windows session's paths (`D:\oh-my-posh\src\x.go`): the rest of each path after the checkout in the form this machine reads.
  if (/^[A-Z]:/.test(row.cwd)) c = c.replace(new RegExp(`${checkout.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s"']*`, 'g'), (p) => p.replace(/\\/g, '/'));
  return c;
}

const matchesSymbol = (row: Row, cands: ReturnType<typeof candidatesIn>): boolean =>
  row.label === 'symbol'
    ? cands.some((c) => c.kind === 'symbol' && (c.symbol.name === row.symbol || c.symbol.qualified?.endsWith(`.${row.symbol}`)))
    : row.label === 'file'
      ? cands.some((c) => c.kind === 'file' && path.basename(c.name) === row.file)
      : false;

const routeOf = (row: Row): string => (row.tool === 'git grep' || row.tool === 'git-grep' ? 'git grep' : row.tool);

export async function run(): Promise<void> {
  const rows = fs
    .readFileSync(CORPUS, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Row);
  classifierTable(rows);
  await hookCost();
  const available = Object.entries(REPOS).filter(([, r]) => fs.existsSync(path.join(MIRRORS, r.mirror, 'repo')));
  if (available.length === 0) {
    console.log(
      `\nagent-search: no repository mirrors under ${MIRRORS} (set SCRY_BENCH_MIRRORS to a folder of <owner>+<name>/repo git directories); the index-decided figures are skipped.`,
    );
    return;
  }
  await indexDecided(rows.filter((r) => available.some(([k]) => k === r.repo)));
}

function classifierTable(rows: Row[]): void {
  const byRoute = new Map<string, { sym: number; symHit: number; other: number; otherCand: number }>();
  for (const row of rows) {
    const cwd = posix(row.cwd);
    const cands = candidatesIn(row.command, cwd);
    const route = routeOf(row);
    const t = byRoute.get(route) ?? { sym: 0, symHit: 0, other: 0, otherCand: 0 };
    if (row.label === 'other') {
      t.other++;
      if (cands.length > 0) t.otherCand++;
    } else {
      t.sym++;
      if (matchesSymbol(row, cands)) t.symHit++;
    }
    byRoute.set(route, t);
  }
  const all = [...byRoute.values()].reduce(
    (a, t) => ({ sym: a.sym + t.sym, symHit: a.symHit + t.symHit, other: a.other + t.other, otherCand: a.otherCand + t.otherCand }),
    { sym: 0, symHit: 0, other: 0, otherCand: 0 },
  );
  const pct = (a: number, b: number): string => (b === 0 ? '-' : `${a}/${b} (${((100 * a) / b).toFixed(1)}%)`);
  table(
    'agent-search, the classifier alone (no index): a candidate naming the labelled symbol or file; other commands the index must still turn down',
    ['route', 'symbol/file searches named', 'other commands with a candidate'],
    [
      ...[...byRoute.entries()].sort().map(([k, t]) => [k, pct(t.symHit, t.sym), pct(t.otherCand, t.other)]),
      ['all', pct(all.symHit, all.sym), pct(all.otherCand, all.other)],
    ],
  );
}

/** Runs the PreToolUse hook in process against the running daemon; its output, or undefined when it said nothing. */
async function hookOnce(home: string, command: string, cwd: string, mode: 'augment' | 'replace'): Promise<PreToolOutput | undefined> {
  let out = '';
  const input = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd });
  await runPreToolUse(
    { home, stdin: Readable.from([input]), write: (s) => (out += s), env: { SCRY_HOOK_SEARCH: mode, SCRY_HOOK_DEADLINE_MS: '30000' }, cwd },
    JSON.parse(input) as Record<string, unknown>,
  );
  return out === '' ? undefined : (JSON.parse(out) as PreToolOutput);
}

async function indexDecided(rows: Row[]): Promise<void> {
  const home = tempDir('bench-agent-search');
  const env = { ...process.env, SCRY_HOME: home, SCRY_MEMORY_SWEEP: '0' };
  const work = fs.realpathSync(tempDir('bench-agent-search-repos'));
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const key = `${r.repo}@${r.commit}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const results: Array<{ row: Row; answered: boolean }> = [];
  const sizes: Array<{ grep: number; augment: number; replace: number; all: boolean }> = [];
  const timings: number[] = [];
  let indexed = 0;
  const started = Date.now();
  try {
    for (const [key, group] of groups) {
      const needsIndex = group.some((r) => candidatesIn(r.command, posix(r.cwd)).length > 0);
      if (!needsIndex) {
        for (const row of group) results.push({ row, answered: false });
        continue;
      }
      const [repoKey, commit] = key.split('@') as [string, string];
      const checkout = path.join(work, repoKey, commit.slice(0, 12));
      fs.mkdirSync(checkout, { recursive: true });
      execFileSync('sh', ['-c', `git --git-dir="${path.join(MIRRORS, REPOS[repoKey]!.mirror, 'repo')}" archive ${commit} | tar -x -C "${checkout}"`]);
      spawnSync('git', ['init', '-q'], { cwd: checkout });
      const ix = await runCli(['index', checkout], { cwd: checkout, env });
      if (ix.code !== 0) console.log(`agent-search: index of ${key} failed: ${ix.stderr.trim().split('\n').pop()}`);
      indexed++;
      for (const row of group) {
        const split = splitCwd(row);
        if (!split) {
          results.push({ row, answered: false });
          continue;
        }
        const dir = path.join(checkout, split.rest);
        const mapped = mapCommand(row, split.root, checkout);
        const where = fs.existsSync(dir) ? dir : checkout;
        const out = await hookOnce(home, mapped, where, 'augment');
        const text = out?.hookSpecificOutput.additionalContext;
        results.push({ row, answered: out !== undefined });
        if (!text || row.label !== 'symbol') continue;
        // The grep's own output, run where the agent ran it (bounded: a runaway search is cut at 10 s).
        const grep = spawnSync('bash', ['-c', mapped], { cwd: where, encoding: 'buffer', timeout: 10_000, maxBuffer: 64 * 1024 * 1024 });
        const replaced = await hookOnce(home, mapped, where, 'replace');
        const all = await namesEveryFile(home, checkout, row.symbol!, text);
        sizes.push({
          grep: grep.stdout?.length ?? 0,
          augment: (grep.stdout?.length ?? 0) + Buffer.byteLength(text),
          replace: Buffer.byteLength(replaced?.hookSpecificOutput.permissionDecisionReason ?? ''),
          all,
        });
        // The whole hook as the agent's client runs it: the shell step, Node, the daemon.
        if (timings.length < 40) {
          const input = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: mapped }, cwd: where });
          const t = process.hrtime.bigint();
          spawnSync('sh', ['-c', `/bin/sh ${path.join(ROOT, 'bin', 'scry-hook')} ${process.execPath} pretooluse`], {
            input,
            env,
            stdio: ['pipe', 'ignore', 'ignore'],
          });
          timings.push(Number(process.hrtime.bigint() - t) / 1e6);
        }
      }
      await runCli(['forget', checkout], { cwd: checkout, env });
      fs.rmSync(checkout, { recursive: true, force: true });
    }
    console.log(`\nagent-search: ${indexed} checkouts indexed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    decidedTables(results);
    bytesTable(sizes);
    const node = Array.from({ length: 20 }, () => {
      const t = process.hrtime.bigint();
      spawnSync(process.execPath, ['-e', '0']);
      return Number(process.hrtime.bigint() - t) / 1e6;
    });
    table(
      'agent-search, a symbol search answered: the whole hook (sh step, Node, daemon) as the client spawns it',
      ['run', 'n', 'p50', 'p95'],
      [
        ['bin/scry-hook, symbol search', timings.length, ms(percentile(timings, 50)), ms(percentile(timings, 95))],
        ['node -e 0', node.length, ms(percentile(node, 50)), ms(percentile(node, 95))],
      ],
    );
  } finally {
    await stopDaemon(home);
  }
}

function decidedTables(results: Array<{ row: Row; answered: boolean }>): void {
  const byRoute = new Map<string, { sym: number; symAnswered: number; other: number; otherTouched: number }>();
  const wrong: string[] = [];
  for (const { row, answered } of results) {
    const route = routeOf(row);
    const t = byRoute.get(route) ?? { sym: 0, symAnswered: 0, other: 0, otherTouched: 0 };
    if (row.label === 'other') {
      t.other++;
      if (answered) {
        t.otherTouched++;
        wrong.push(`touched ${row.id}: ${row.command.slice(0, 100)}`);
      }
    } else {
      t.sym++;
      if (answered) t.symAnswered++;
      else wrong.push(`missed ${row.id} [${row.symbol ?? row.file}]: ${row.command.slice(0, 100)}`);
    }
    byRoute.set(route, t);
  }
  const all = [...byRoute.values()].reduce(
    (a, t) => ({ sym: a.sym + t.sym, symAnswered: a.symAnswered + t.symAnswered, other: a.other + t.other, otherTouched: a.otherTouched + t.otherTouched }),
    { sym: 0, symAnswered: 0, other: 0, otherTouched: 0 },
  );
  const pct = (a: number, b: number): string => (b === 0 ? '-' : `${a}/${b} (${((100 * a) / b).toFixed(1)}%)`);
  const verdict = (a: number, b: number, target: number): string => (b === 0 ? '' : (100 * a) / b >= target ? 'ok' : `MISS (target ${target}%)`);
  table(
    "agent-search, the hook with the index deciding (real daemon, each repo at the command's commit)",
    ['route', 'symbol/file searches answered', 'other commands untouched', ''],
    [
      ...[...byRoute.entries()].sort().map(([k, t]) => [k, pct(t.symAnswered, t.sym), pct(t.other - t.otherTouched, t.other), '']),
      [
        'all',
        pct(all.symAnswered, all.sym),
        pct(all.other - all.otherTouched, all.other),
        `${verdict(all.symAnswered, all.sym, 95)} ${verdict(all.other - all.otherTouched, all.other, 99)}`.trim(),
      ],
    ],
  );
  if (wrong.length > 0) console.log(`\nnot as labelled (${wrong.length}):\n${wrong.map((w) => `  ${w}`).join('\n')}`);
}

/** Whether the answer names every file the index has a reference of the symbol in (as a site, or in the list of files left out). */
async function namesEveryFile(home: string, repo: string, name: string, text: string): Promise<boolean> {
  if (text.includes('… cut at')) return false;
  const c = await connectRunning(home);
  if (!c) return false;
  try {
    const r = await c.request(Refs.type, { repo, name, budget: 10_000_000, memory: false });
    const files = new Set(r.matches.filter((m) => m.display_name === name).flatMap((m) => m.occurrences.map((o) => o.file)));
    // The compact form writes files as a tree (a folder line, then its files one space deeper): a file is named by its folder line and its base name.
    return [...files].every(
      (f) =>
        text.includes(f) ||
        (text.includes(`${path.posix.dirname(f)}/`) && text.includes(` ${path.posix.basename(f)}`)) ||
        text.includes(` ${path.posix.basename(f)}:`),
    );
  } finally {
    c.dispose();
  }
}

function bytesTable(sizes: Array<{ grep: number; augment: number; replace: number; all: boolean }>): void {
  if (sizes.length === 0) return;
  const col = (k: 'grep' | 'augment' | 'replace'): number[] => sizes.map((s) => s[k]);
  const kb = (n: number): string => `${(n / 1024).toFixed(2)} KB`;
  const row = (name: string, v: number[]): string[] => [name, kb(percentile(v, 50)), kb(percentile(v, 95)), kb(v.reduce((a, b) => a + b, 0) / v.length)];
  table(
    `agent-search, bytes the model receives per answered symbol search (n=${sizes.length})`,
    ['what', 'p50', 'p95', 'mean'],
    [
      row('grep alone (its output, run in the checkout)', col('grep')),
      row('augment (grep output + the answer)', col('augment')),
      row('replace (the answer alone)', col('replace')),
    ],
  );
  console.log(`answers naming every file the index has a reference in: ${sizes.filter((s) => s.all).length}/${sizes.length}`);
}

async function hookCost(): Promise<void> {
  const gate = path.join(ROOT, 'bin', 'scry-hook');
  const nonSearch = JSON.stringify({
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'npm test -- --watch=false 2>&1 | tail -20', description: 'run the tests' },
    cwd: ROOT,
  });
  const time = (cmd: string, input: string, n: number): number[] => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = process.hrtime.bigint();
      spawnSync('sh', ['-c', cmd], { input, stdio: ['pipe', 'ignore', 'ignore'] });
      out.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    return out;
  };
  const n = 60;
  const bare = time(':', nonSearch, n);
  const hook = time(`/bin/sh ${gate} ${process.execPath} pretooluse`, nonSearch, n);
  const node = time(`${process.execPath} -e 0`, nonSearch, Math.min(n, 30));
  const row = (name: string, s: number[]): string[] => [name, ms(percentile(s, 50)), ms(percentile(s, 95))];
  table(
    'agent-search, what the hook adds before a Bash command that is no search (spawned as Claude Code spawns a hook: sh -c)',
    ['run', 'p50', 'p95'],
    [
      row('a hook that does nothing (sh -c :)', bare),
      row('bin/scry-hook on a non-search command', hook),
      row('node -e 0 (what any Node hook costs at least)', node),
      [
        'added by scry-hook over the empty hook',
        ms(percentile(hook, 50) - percentile(bare, 50)),
        `${ms(percentile(hook, 95) - percentile(bare, 95))} (target <= 30 ms)`,
      ],
    ],
  );
}
