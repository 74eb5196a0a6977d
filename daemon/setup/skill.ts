// The Claude Code skill ~/.claude/skills/scry/SKILL.md. Its last line records
// the hash of what setup wrote, so a file the user has edited is recognised
// and kept (unless --force), while a stock one from an older scry is updated.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { skillFile, type SetupContext } from './context';

export const SKILL_BODY = `---
name: scry
description: Answers references, definitions, callers, implementations and impact of code symbols from a semantic index (MCP tools mcp__scry__scry_refs, scry_defs, scry_callers, scry_impls, scry_impact; load with ToolSearch select:), and recalls past agent sessions (mcp__scry__scry_recall). Use it to find where a function, class, method or type is defined, used, called from, implemented, or what a change to it affects, instead of grep/glob, whenever the thing you are looking for is a code symbol; and to recall (or remember) what earlier sessions learnt about projects, machines, services and decisions.
---

# Scry: answer code questions from the index, not from grep

Scry keeps a semantic (SCIP) index of every repository and answers in
milliseconds. Its answers contain only real references to the symbol you
named, each with file, line, the source line and the enclosing function, so
there is nothing to filter and no file to open just to find out what it is.

## Which tool

| You want | Use |
|---|---|
| every use of a symbol | \`scry_refs\` |
| where it is defined | \`scry_defs\` |
| who calls a function | \`scry_callers\` |
| what a function calls | \`scry_callees\` |
| classes implementing an interface, overrides of a method | \`scry_impls\` |
| a symbol whose exact name you do not know | \`scry_search\` |
| what a file defines, before reading it | \`scry_symbols\` |
| what a change would break (callers, implementations, importers, tests) | \`scry_impact\` |
| why an answer is empty, whether the index is fresh | \`scry_status\` |

- \`symbol\` takes a plain name (\`processOrder\`, matched ignoring case) or a
  compound one that names the owner: \`OrderService.processOrder\`,
  \`OrderService#processOrder\`, \`DB::table\`, \`auth->user\`.
- \`repo\` defaults to the git root of the working directory; pass an absolute
  path for another repository.
- Answers are compact text: \`# kind · counts · uses\` (the name you asked,
  and the kind when one symbol has it, are left out), then a line per file,
  \`run.ts: 12;Job.start 40,41 read,43-45;.stop 50;def 7\`: each site's line
  under the definition it is in (bare: top level; \`;\` between definitions,
  \`43-45\` a run, \`.stop\` a member of the class before it), its use after
  it when it is not the first use the header names (def, call, import, type,
  write, read, doc). Files are a tree: a folder line, what is in it one space
  deeper. Imports are counted in the header, a file that only imports reads
  \`import\`. \`lines: true\` (refs, callers, callees) gives each use with
  its source line (\`line:col use source\`), and the imports, as defs and
  impls always do.
- Answers are bounded (about 8 KB; search 50 hits). Past that they end with
  what was left out (per file, or per section for impact) and
  \`next page: offset=N\`: pass \`offset\` for more, or a bigger
  \`budget\` (bytes). Nothing is cut silently.
- \`format: "json"\` gives the full structured answer, for when you need
  exact ranges in a program.
- No MCP? The same questions work in a shell: \`scry refs NAME --format
  compact\`, \`scry defs NAME --format compact\` (JSON when piped without
  --format).

## Memory: what earlier sessions learnt

Scry distills past Claude Code and Codex sessions into entities (projects,
services, machines, tools, people, decisions, runbooks) and facts with the
sessions they came from. A new session starts with a short orientation from
it; everything else is one call away.

| You want | Use |
|---|---|
| what is known about a name, or an answer in words ("where do we deploy the API?") | \`scry_recall\` |
| the same, as things were at a past time | \`scry_recall\` with \`as_of\` |
| the sessions behind a fact, with the transcript lines to read | \`scry_episodes\` |
| how two things are connected | \`scry_memory_path\` |
| keep a durable fact for future sessions | \`scry_remember\` |

- Recall before you ask the user something a previous session may have
  settled (a deploy target, a decision, a credential's *location*, a
  convention), and before re-discovering it by exploring.
- Remember when the user states a decision or a preference, when you learn
  where something runs or how a task is done, or when you settle something
  non-obvious after a long search. One or two plain sentences; name what it is
  about in \`entity\`. Not for secrets (they are redacted) nor for what the
  code already says.
- Memory can be stale: facts carry "since" dates and the session they came
  from. When a fact matters, check it; when it is wrong, say so to the user
  (\`scry memory invalidate ID\` retires it).
- No MCP? \`scry memory recall "…"\`, \`scry memory remember "…" --entity X\`.

## When grep is still right

- Text that is not a symbol: strings, log and error messages, comments,
  TODOs, config keys, file names.
- Regular expressions and partial words.
- Files the indexers do not cover (docs, YAML, shell scripts), or a language
  \`scry_status\` reports as missing. If the index is \`partial\`, an empty
  answer is not proof of absence: confirm with grep.
`;

const MARK = /\n<!-- scry-skill sha256:([0-9a-f]{64}) -->\n?$/;

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

export function renderSkill(body = SKILL_BODY): string {
  return `${body}\n<!-- scry-skill sha256:${sha256(body)} -->\n`;
}

export type SkillState = 'missing' | 'current' | 'stock' | 'customized';

/** current: what setup writes now; stock: an unedited file from another scry version; customized: edited by someone. */
export function skillState(text: string | undefined): SkillState {
  if (text === undefined) return 'missing';
  if (text === renderSkill()) return 'current';
  const m = MARK.exec(text);
  if (m && sha256(text.slice(0, m.index)) === m[1]) return 'stock';
  return 'customized';
}

const read = (file: string): string | undefined => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined);

export function installSkill(ctx: SetupContext, opts: { dryRun: boolean; force: boolean }): boolean {
  const file = skillFile(ctx);
  const state = skillState(read(file));
  if (state === 'current') {
    ctx.out(`skill: ${file} is up to date\n`);
    return true;
  }
  if (state === 'customized' && !opts.force) {
    ctx.out(`skill: ${file} has been changed by hand and is kept. Run scry setup --force to replace it (a backup is kept)\n`);
    return true;
  }
  const verb = state === 'missing' ? 'write' : 'update';
  if (opts.dryRun) {
    ctx.out(`would ${verb}: ${file}\n`);
    return true;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (state === 'customized') {
    const backup = `${file}.${stamp(ctx)}.bak`;
    fs.copyFileSync(file, backup);
    ctx.out(`skill: your version is saved as ${backup}\n`);
  }
  fs.writeFileSync(file, renderSkill());
  ctx.out(`skill: ${verb === 'write' ? 'wrote' : 'updated'} ${file}\n`);
  return true;
}

export function uninstallSkill(ctx: SetupContext, opts: { dryRun: boolean; force: boolean }): boolean {
  const file = skillFile(ctx);
  const state = skillState(read(file));
  if (state === 'missing') {
    ctx.out(`skill: ${file} is not there\n`);
    return true;
  }
  if (state === 'customized' && !opts.force) {
    ctx.out(`skill: ${file} has been changed by hand and is kept. Run scry setup --uninstall --force to remove it\n`);
    return true;
  }
  if (opts.dryRun) {
    ctx.out(`would remove: ${file}\n`);
    return true;
  }
  fs.rmSync(file);
  // The folder is ours; leave it only if someone put other files in it.
  const dir = path.dirname(file);
  if (fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
  ctx.out(`skill: removed ${file}\n`);
  return true;
}

export const stamp = (ctx: SetupContext): string => ctx.now().toISOString().replace(/[:.]/g, '-');
