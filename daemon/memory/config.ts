// $SCRY_HOME/config.yaml, the memory section. Parsed with line numbers so a
// bad file gets one line naming file, line and key; a bad or half-written file
// never replaces the last good configuration; and API keys never live in it
// (the file names the environment variable instead).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node } from 'yaml';
import { z } from 'zod';
import { ErrorCode, ScryError } from '../errors';
import { SOURCES } from './sources';

export const PROVIDER_TYPES = ['claude-cli', 'anthropic', 'openai', 'offline'] as const;

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const ProviderSchema = z.strictObject({
  type: z.enum(PROVIDER_TYPES),
  /** Distinguishes two providers of one type (a local and a hosted openai); defaults to the type. */
  name: z.string().min(1).max(60).optional(),
  model: z.string().min(1).optional(),
  base_url: z.url().optional(),
  api_key_env: z.string().regex(ENV_NAME, 'expected the NAME of an environment variable, e.g. ANTHROPIC_API_KEY').optional(),
  timeout_ms: z.number().int().positive().max(3_600_000).optional(),
  cooldown_ms: z.number().int().nonnegative().max(86_400_000).optional(),
});

const MemorySchema = z.strictObject({
  providers: z.array(ProviderSchema).max(10).optional(),
  budget: z
    .strictObject({
      daily_episodes: z.number().int().nonnegative().optional(),
      daily_tokens: z.number().int().nonnegative().optional(),
    })
    .optional(),
  sweep: z
    .strictObject({
      enabled: z.boolean().optional(),
      interval_minutes: z.number().positive().max(10_080).optional(),
      min_age_minutes: z.number().nonnegative().max(10_080).optional(),
    })
    .optional(),
  /** Roots to sweep instead of the defaults, under each source's config key (one path or a list). */
  sources: z.strictObject(Object.fromEntries(Object.values(SOURCES).map((s) => [s.configKey, z.union([z.string().min(1), z.array(z.string().min(1))]).optional()]))).optional(),
  /** Per-episode deadline across the whole chain. */
  deadline_ms: z.number().int().positive().max(3_600_000).optional(),
});

// The Claude Code hooks' off switches.
const HooksSchema = z.strictObject({
  session_start: z.boolean().optional(),
  session_end: z.boolean().optional(),
});

// Every section and key is known: a misspelled one is an error naming its line, never silently ignored.
const FileSchema = z.strictObject({ memory: MemorySchema.nullish(), hooks: HooksSchema.nullish() });

export interface ProviderConfig {
  type: (typeof PROVIDER_TYPES)[number];
  name: string;
  model?: string;
  baseUrl?: string;
  apiKeyEnv?: string;
  timeoutMs: number;
  cooldownMs: number;
}

export interface MemoryConfig {
  /** In order; with no config, just offline. */
  providers: ProviderConfig[];
  budget: { dailyEpisodes?: number; dailyTokens?: number };
  sweep: { enabled: boolean; intervalMinutes: number; minAgeMinutes: number };
  /** Roots named in config.yaml, by the source's config key; a source not named here sweeps its default roots. */
  sources: Record<string, string[]>;
  deadlineMs: number;
  /** True when no providers were configured, so status can say how to enable a model. */
  defaultProviders: boolean;
  /** hooks.session_start / hooks.session_end: false turns that Claude Code hook into a no-op (and setup leaves it out). */
  hooks: { sessionStart: boolean; sessionEnd: boolean };
}

export const DEFAULT_TIMEOUT_MS: Record<ProviderConfig['type'], number> = { 'claude-cli': 120_000, anthropic: 60_000, openai: 60_000, offline: 10_000 };
export const DEFAULT_COOLDOWN_MS = 10 * 60_000;

export class ConfigError extends ScryError {
  override readonly code = ErrorCode.Config;
  constructor(readonly file: string, readonly line: number | undefined, readonly key: string, detail: string) {
    super(`${file}${line ? `:${line}` : ''}: ${key}: ${detail}`, 'Fix the file; until then Scry runs on its last good configuration, or with sweeps and hooks off when it never read one');
  }
}

export class ConfigSecretError extends ScryError {
  override readonly code = ErrorCode.ConfigSecret;
  constructor(readonly file: string, readonly line: number | undefined, readonly key: string) {
    // The value itself is never echoed: it is a secret.
    super(`${file}${line ? `:${line}` : ''}: ${key}: looks like an API key or secret; keys are never stored in config.yaml`, 'Remove it, export it as an environment variable, and name that variable with api_key_env');
  }
}

const SECRET_VALUE = /^(sk-|sk-ant-|sk-proj-|ghp_|gho_|ghs_|github_pat_|xox[abposr]-|AKIA[0-9A-Z]{12}|glpat-|AIza|hf_|npm_|r8_|pk_live_|sk_live_|rk_live_|eyJ[\w-]{10,}\.)/;
const SECRET_KEY = /^(api[_-]?key|apikey|key|token|secret|password|passwd|auth|authorization|bearer|access[_-]?token|x-api-key)$/i;

/** Parses and validates config text; throws ConfigError / ConfigSecretError naming file, line and key. */
export function parseConfig(text: string, file: string): MemoryConfig {
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc, prettyErrors: true, uniqueKeys: true });
  const label = file;
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    throw new ConfigError(label, e.linePos?.[0]?.line, 'yaml', e.message.split('\n')[0]!);
  }
  findSecrets(doc, lc, label);
  const raw: unknown = doc.toJS() ?? {};
  const parsed = FileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const p = issue.path.filter((k): k is string | number => typeof k !== 'symbol');
    throw new ConfigError(label, lineOf(doc, lc, p), formatPath(p), issue.message);
  }
  return normalize(parsed.data.memory ?? {}, parsed.data.hooks ?? {});
}

function normalize(m: z.infer<typeof MemorySchema>, hooks: z.infer<typeof HooksSchema> = {}): MemoryConfig {
  const listed = m.providers ?? [];
  const defaultProviders = listed.length === 0;
  const source = defaultProviders ? [{ type: 'offline' as const }] : listed;
  const seen = new Map<string, number>();
  const providers = source.map((p): ProviderConfig => {
    const base = 'name' in p && p.name ? p.name : p.type;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const full = p as z.infer<typeof ProviderSchema>;
    return {
      type: p.type,
      name: n === 1 ? base : `${base}#${n}`,
      model: full.model,
      baseUrl: full.base_url,
      apiKeyEnv: full.api_key_env,
      timeoutMs: full.timeout_ms ?? DEFAULT_TIMEOUT_MS[p.type],
      cooldownMs: full.cooldown_ms ?? DEFAULT_COOLDOWN_MS,
    };
  });
  return {
    providers,
    budget: { dailyEpisodes: m.budget?.daily_episodes, dailyTokens: m.budget?.daily_tokens },
    sweep: { enabled: m.sweep?.enabled ?? true, intervalMinutes: m.sweep?.interval_minutes ?? 15, minAgeMinutes: m.sweep?.min_age_minutes ?? 5 },
    sources: Object.fromEntries(Object.entries(m.sources ?? {}).flatMap(([key, roots]) => (roots === undefined ? [] : [[key, typeof roots === 'string' ? [roots] : roots]]))),
    deadlineMs: m.deadline_ms ?? 5 * 60_000,
    defaultProviders,
    hooks: { sessionStart: hooks.session_start ?? true, sessionEnd: hooks.session_end ?? true },
  };
}

export const DEFAULT_CONFIG: MemoryConfig = normalize({});

function findSecrets(doc: Document, lc: LineCounter, file: string): void {
  let found: ConfigSecretError | undefined;
  visit(doc, {
    Pair(_key, pair, ancestors) {
      if (found || !isScalar(pair.value) || typeof pair.value.value !== 'string') return;
      const keyName = isScalar(pair.key) ? String(pair.key.value) : '';
      const value = pair.value.value.trim();
      if (SECRET_VALUE.test(value) || (SECRET_KEY.test(keyName) && value.length > 0)) {
        const line = pair.value.range ? lc.linePos(pair.value.range[0]).line : undefined;
        found = new ConfigSecretError(file, line, formatPath([...pathOf(ancestors), keyName]));
        return visit.BREAK;
      }
      return undefined;
    },
  });
  if (found) throw found;
}

/** The key path of a node from its ancestors, for messages. */
function pathOf(ancestors: readonly unknown[]): Array<string | number> {
  const out: Array<string | number> = [];
  for (let i = 0; i < ancestors.length; i++) {
    const a = ancestors[i];
    if (isPair(a) && isScalar(a.key)) out.push(String(a.key.value));
    else if (isSeq(a)) {
      const child = ancestors[i + 1];
      const idx = a.items.findIndex((it) => it === child);
      if (idx >= 0) out.push(idx);
    }
  }
  return out;
}

/** The line of the deepest node of `p` present in the document (a missing key points at its parent). */
function lineOf(doc: Document, lc: LineCounter, p: ReadonlyArray<string | number>): number | undefined {
  for (let n = p.length; n >= 0; n--) {
    const node = (n === 0 ? doc.contents : doc.getIn(p.slice(0, n), true)) as Node | null | undefined;
    if (node && typeof node === 'object' && 'range' in node && node.range) {
      // For a map or sequence, the key that holds it names the line better than its first child.
      if ((isMap(node) || isSeq(node)) && n > 0) {
        const parent = (n === 1 ? doc.contents : doc.getIn(p.slice(0, n - 1), true)) as Node | null | undefined;
        if (isMap(parent)) {
          const pair = parent.items.find((it) => isScalar(it.key) && it.key.value === p[n - 1]);
          if (pair && isScalar(pair.key) && pair.key.range) return lc.linePos(pair.key.range[0]).line;
        }
      }
      return lc.linePos(node.range[0]).line;
    }
  }
  return undefined;
}

export function formatPath(p: ReadonlyArray<string | number>): string {
  let s = '';
  for (const k of p) s += typeof k === 'number' ? `[${k}]` : s ? `.${k}` : k;
  return s || '(root)';
}

/** What is in effect while config.yaml is invalid. */
export type ConfigFallback = 'last-good' | 'safe';

/**
 * Sweeps and hooks off, offline only: what runs when config.yaml is invalid
 * at start and no good copy of it was ever kept, so a user's `enabled: false`
 * is never overridden by a default `true`.
 */
export const SAFE_CONFIG: MemoryConfig = { ...DEFAULT_CONFIG, sweep: { ...DEFAULT_CONFIG.sweep, enabled: false }, hooks: { sessionStart: false, sessionEnd: false } };

/**
 * Keeps the last good configuration: in memory while the process runs, and
 * on disk (a copy of the last file that parsed) for the next start. A missing
 * file is the default (offline only); an invalid one is reported in `error`
 * and leaves `current` as it was, or at start the kept copy, or SAFE_CONFIG.
 */
export class MemoryConfigLoader {
  current: MemoryConfig = DEFAULT_CONFIG;
  error: ConfigError | ConfigSecretError | undefined;
  /** Set while `error` is: which configuration runs instead. */
  fallback: ConfigFallback | undefined;
  private loaded = false;
  readonly lastGoodFile: string;

  constructor(readonly file: string, options: { lastGoodFile?: string } = {}) {
    this.lastGoodFile = options.lastGoodFile ?? path.join(path.dirname(file), 'memory', 'config.last-good.yaml');
  }

  /** Re-reads the file; returns the error if it was rejected (the previous config stays). */
  reload(): ConfigError | ConfigSecretError | undefined {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return this.accept(DEFAULT_CONFIG);
      return this.reject(new ConfigError(this.file, undefined, '(file)', (err as Error).message));
    }
    try {
      const config = parseConfig(text, this.file);
      this.keep(text);
      return this.accept(config);
    } catch (err) {
      if (!(err instanceof ConfigError || err instanceof ConfigSecretError)) throw err;
      return this.reject(err);
    }
  }

  private accept(config: MemoryConfig): undefined {
    this.current = config;
    this.loaded = true;
    this.error = undefined;
    this.fallback = undefined;
    return undefined;
  }

  private reject(error: ConfigError | ConfigSecretError): ConfigError | ConfigSecretError {
    this.error = error;
    if (this.loaded) {
      this.fallback ??= 'last-good';
      return error;
    }
    // First read in this process: the copy kept at the last good read, else everything that acts on its own off.
    const kept = this.readKept();
    this.current = kept ?? SAFE_CONFIG;
    this.fallback = kept ? 'last-good' : 'safe';
    this.loaded = true;
    return error;
  }

  private readKept(): MemoryConfig | undefined {
    try {
      return parseConfig(fs.readFileSync(this.lastGoodFile, 'utf8'), this.lastGoodFile);
    } catch {
      return undefined;
    }
  }

  /** Copies a file that parsed, when it differs from the copy kept. */
  private keep(text: string): void {
    try {
      if (fs.existsSync(this.lastGoodFile) && fs.readFileSync(this.lastGoodFile, 'utf8') === text) return;
      fs.mkdirSync(path.dirname(this.lastGoodFile), { recursive: true, mode: 0o700 });
      const tmp = `${this.lastGoodFile}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, text, { mode: 0o600 });
      fs.renameSync(tmp, this.lastGoodFile);
    } catch {
      // A SCRY_HOME that cannot be written still runs on the file itself; only the next start loses the copy.
    }
  }
}

export const configFile = (home: string): string => path.join(home, 'config.yaml');
