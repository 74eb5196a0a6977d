// The deterministic extractor: no model, no network, always works. It reads
// only what is unambiguous: the project from the repository root, tools and
// machines from command breadcrumbs, names the glossary already knows, and a
// few decision phrasings. Its facts carry modest confidence so a model's
// later extraction of the same episode outranks them.
import * as path from 'node:path';
import { classifyName } from '../../resolve';
import type { GlossaryEntry } from '../../store';
import type { ExtractReply, ExtractRequest, Provider } from '../provider';
import type { ExtractedEntity, ExtractedFact, Extraction } from '../schema';
import type { EntityType } from '../../../protocol/vocabulary';

/** Commands worth remembering as tools; everyday shell verbs (ls, cd, grep) are not. */
const KNOWN_TOOLS = new Set([
  'docker', 'docker-compose', 'podman', 'kubectl', 'helm', 'k9s', 'minikube', 'kind', 'terraform', 'tofu', 'ansible', 'ansible-playbook', 'nix',
  'npm', 'pnpm', 'yarn', 'bun', 'deno', 'node', 'tsx', 'ts-node', 'tsc', 'eslint', 'prettier', 'jest', 'vitest', 'playwright', 'cypress',
  'webpack', 'vite', 'esbuild', 'rollup', 'git', 'gh', 'glab', 'make', 'cmake', 'bazel', 'cargo', 'rustc', 'go', 'python', 'python3', 'pip',
  'uv', 'poetry', 'pytest', 'ruff', 'mypy', 'java', 'mvn', 'gradle', 'dotnet', 'composer', 'bundle', 'rails', 'rake', 'psql', 'mysql',
  'redis-cli', 'mongosh', 'sqlite3', 'prisma', 'alembic', 'supabase', 'aws', 'gcloud', 'az', 'fly', 'flyctl', 'vercel', 'netlify', 'heroku',
  'wrangler', 'doctl', 'systemctl', 'journalctl', 'nginx', 'pm2', 'caddy', 'ssh', 'scp', 'rsync', 'curl', 'jq', 'ffmpeg', 'stripe',
  'sentry-cli', 'claude', 'codex', 'scry', 'gemini', 'ollama',
]);

/** Prefixes that run another command: the tool is the word after them. */
const WRAPPERS = new Set(['sudo', 'time', 'env', 'npx', 'bunx', 'exec', 'nohup', 'command', 'doas']);
const REMOTE = new Set(['ssh', 'scp', 'rsync', 'mosh']);
/** ssh/scp options that take a value, so the value is not mistaken for the host. */
const SSH_VALUE_OPTS = new Set(['-p', '-P', '-i', '-l', '-o', '-F', '-J', '-L', '-R', '-D', '-e', '-b', '-c', '-m', '-S', '-W']);

const NAME = String.raw`(?:the\s+)?([A-Za-z][\w.@/+-]*[\w+])`;
const SWITCH_PATTERNS: RegExp[] = [
  new RegExp(String.raw`\b(?:let'?s|we(?:'ll| will| should)?|i(?:'ll| will)?|we're going to|going to)\s+(?:use|go with|switch to|move to|adopt)\s+${NAME}\s+instead of\s+${NAME}`, 'i'),
  new RegExp(String.raw`\buse\s+${NAME}\s+instead of\s+${NAME}`, 'i'),
];
const FROM_TO = new RegExp(String.raw`\b(?:switch(?:ed|ing)?|migrat(?:e|ed|ing)|mov(?:e|ed|ing))\s+from\s+${NAME}\s+to\s+${NAME}`, 'i');
const REPLACE_WITH = new RegExp(String.raw`\breplac(?:e|ed|ing)\s+${NAME}\s+with\s+${NAME}`, 'i');
const DECIDED = /\b(?:we|i|team)\s+(?:have\s+)?(?:decided|agreed|chose)\s+(?:to|on|that)\s+([^.\n!?]{3,160})/i;
const DECISION_LABEL = /^\s*(?:decision|decided)\s*:\s*([^\n]{3,160})/im;
const DEPLOYED = new RegExp(String.raw`\b${NAME}\s+(?:is|are|was|gets|got|will be)\s+(?:now\s+)?(?:deployed|hosted|running|served)\s+(?:on|to|at|from)\s+${NAME}`, 'i');
const DEPLOY_TO = new RegExp(String.raw`\bdeploy(?:s|ed|ing)?\s+${NAME}\s+(?:to|on)\s+${NAME}`, 'i');

export class OfflineProvider implements Provider {
  readonly type = 'offline';
  readonly name = 'offline';
  readonly usesModel = false;
  readonly timeoutMs = 10_000;
  readonly cooldownMs = 0;

  extract(req: ExtractRequest): Promise<ExtractReply> {
    return Promise.resolve({ extraction: extractOffline(req), tokens: 0 });
  }
}

/** The offline extraction of one episode; pure, so tests and `remember` can call it directly. */
export function extractOffline(req: ExtractRequest): Extraction {
  const ep = req.episode;
  const out = new Builder(req.glossary);
  const project = projectName(ep.repoRoot ?? ep.cwd);
  if (project) out.entity({ name: project, type: 'project', repo: ep.repoRoot ?? null, description: null });

  for (const line of ep.text.split('\n')) {
    const ran = /^\s*(?:[a-z]+:\s*)?\[ran: (.+)\]\s*$/.exec(line);
    if (ran) out.command(ran[1]!, project);
    const used = /^\s*(?:[a-z]+:\s*)?\[used ([\w.:/-]+)\]\s*$/.exec(line);
    if (used) out.mcpTool(used[1]!, project);
  }

  for (const g of req.glossary) out.glossaryMention(g, ep.text);

  for (const sentence of sentences(ep.text)) out.sentence(sentence, project);
  return out.result();
}

function projectName(dir: string | undefined): string | undefined {
  if (!dir) return undefined;
  const base = path.basename(dir.replace(/[\\/]+$/, ''));
  return base && classifyName(base) === 'entity' ? base : undefined;
}

function sentences(text: string): string[] {
  return text
    .split('\n')
    .filter((l) => !/^\s*(?:[a-z]+:\s*)?\[/.test(l))
    .join('\n')
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.replace(/^(user|assistant|summary):\s*/i, '').trim())
    .filter((s) => s.length > 0);
}

class Builder {
  private readonly entities = new Map<string, ExtractedEntity>();
  private readonly facts: ExtractedFact[] = [];
  private readonly factKeys = new Set<string>();
  private readonly known = new Map<string, GlossaryEntry>();

  constructor(glossary: readonly GlossaryEntry[]) {
    for (const g of glossary) for (const n of [g.name, ...g.aliases]) this.known.set(n.toLowerCase(), g);
  }

  entity(e: ExtractedEntity): string | undefined {
    if (classifyName(e.name) !== 'entity') return undefined;
    const key = `${e.type}:${e.name.toLowerCase()}`;
    if (!this.entities.has(key)) this.entities.set(key, e);
    return e.name;
  }

  /** A name from prose: the glossary's type if known, a tool if it is a known command, else a concept. */
  named(raw: string): string | undefined {
    const g = this.known.get(raw.toLowerCase());
    if (g) return this.entity({ name: g.name, type: g.type });
    const type: EntityType = KNOWN_TOOLS.has(raw.toLowerCase()) ? 'tool' : 'concept';
    return this.entity({ name: raw, type });
  }

  fact(source: string | undefined, relation: string, target: string | undefined, fact: string, confidence: number): void {
    if (!source || !target || source.toLowerCase() === target.toLowerCase()) return;
    const key = `${source.toLowerCase()}|${relation}|${target.toLowerCase()}`;
    if (this.factKeys.has(key)) return;
    this.factKeys.add(key);
    this.facts.push({ source, relation, target, fact: fact.slice(0, 1000), confidence });
  }

  command(cmd: string, project: string | undefined): void {
    for (const segment of cmd.split(/&&|\|\||[;|]/)) {
      const words = segment.trim().split(/\s+/).filter((w) => w.length > 0);
      let i = 0;
      while (i < words.length && (WRAPPERS.has(words[i]!) || /^[A-Z_][A-Z0-9_]*=/.test(words[i]!))) i++;
      const first = words[i];
      if (!first) continue;
      const tool = path.basename(first);
      if (!KNOWN_TOOLS.has(tool)) continue;
      const name = this.entity({ name: tool, type: 'tool' });
      this.fact(project, 'uses', name, `${project} uses ${tool} (ran \`${clip(segment.trim())}\`)`, 0.6);
      if (REMOTE.has(tool)) this.remote(tool, words.slice(i + 1), segment.trim(), project);
    }
  }

  private remote(tool: string, args: string[], segment: string, project: string | undefined): void {
    let host: string | undefined;
    let user: string | undefined;
    for (let j = 0; j < args.length; j++) {
      const a = args[j]!;
      if (SSH_VALUE_OPTS.has(a)) {
        j++;
        continue;
      }
      if (a.startsWith('-')) continue;
      const m = /^(?:([\w.-]+)@)?([A-Za-z][\w.-]*)(:.*)?$/.exec(a);
      if (!m) continue;
      // For scp/rsync only an argument with host:path (or user@host) names a machine.
      if (tool !== 'ssh' && tool !== 'mosh' && !m[1] && m[3] === undefined) continue;
      user = m[1];
      host = m[2];
      break;
    }
    if (!host) return;
    const machine = this.entity({ name: host, type: 'machine' });
    const deploying = /deploy/i.test(segment) || user === 'deploy';
    this.fact(project, deploying ? 'deployed_on' : 'connects_to', machine, `${project} ${deploying ? 'is deployed on' : 'connects to'} ${host} (ran \`${clip(segment)}\`)`, deploying ? 0.6 : 0.5);
  }

  /** `[used github.create_issue]` or `[used mcp__github__create_issue]`: the server is the tool. */
  mcpTool(raw: string, project: string | undefined): void {
    const server = raw.startsWith('mcp__') ? raw.split('__')[1] : raw.split(/[.:/]/)[0];
    if (!server) return;
    const name = this.entity({ name: server, type: 'tool' });
    this.fact(project, 'uses', name, `${project} uses ${server} (used ${raw})`, 0.6);
  }

  glossaryMention(g: GlossaryEntry, text: string): void {
    for (const n of [g.name, ...g.aliases]) {
      if (n.length < 3 || classifyName(n) !== 'entity') continue;
      const re = new RegExp(String.raw`(?<![\w-])${escapeRegExp(n)}(?![\w-])`, 'i');
      if (re.test(text)) {
        this.entity({ name: g.name, type: g.type });
        return;
      }
    }
  }

  sentence(s: string, project: string | undefined): void {
    const sw = SWITCH_PATTERNS.map((p) => p.exec(s)).find((m) => m !== null);
    if (sw) this.replacement(sw[2]!, sw[1]!, s, project);
    const ft = FROM_TO.exec(s) ?? null;
    if (ft) this.replacement(ft[1]!, ft[2]!, s, project);
    const rw = REPLACE_WITH.exec(s);
    if (rw) this.replacement(rw[1]!, rw[2]!, s, project);
    const d = DECIDED.exec(s) ?? DECISION_LABEL.exec(s);
    if (d && !sw && !ft && !rw) this.decision(d[1]!, s, project);
    const dep = DEPLOYED.exec(s) ?? DEPLOY_TO.exec(s);
    if (dep) {
      const what = classifyName(dep[1]!) === 'entity' ? this.named(dep[1]!) : project;
      const where = this.known.get(dep[2]!.toLowerCase()) ? this.named(dep[2]!) : this.entity({ name: dep[2]!, type: 'machine' });
      this.fact(what, 'deployed_on', where, s, 0.6);
    }
  }

  private replacement(oldName: string, newName: string, s: string, project: string | undefined): void {
    const from = this.named(oldName);
    const to = this.named(newName);
    if (!from || !to) return;
    this.fact(from, 'replaced_by', to, s, 0.7);
    this.fact(project, 'uses', to, s, 0.6);
    this.decision(`use ${newName} instead of ${oldName}`, s, project);
  }

  private decision(clause: string, s: string, project: string | undefined): void {
    const name = clause.trim().replace(/\s+/g, ' ').slice(0, 80);
    const d = this.entity({ name, type: 'decision', description: s.slice(0, 1000) });
    this.fact(project, 'decided', d, s, 0.6);
  }

  result(): Extraction {
    return { entities: [...this.entities.values()], facts: this.facts };
  }
}

const clip = (s: string): string => (s.length > 120 ? `${s.slice(0, 117)}…` : s);
const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
