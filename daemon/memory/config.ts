// $SCRY_HOME/config.yaml as the memory domain reads it: its memory section
// and the hooks' switches, checked whole (the file machinery is ../config/).
// A bad or half-written file never replaces the last good configuration.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { z } from 'zod';
import { ConfigError, ConfigSecretError, HooksSchema, hookSwitchesOf, type HookSwitches, lastGoodConfigFile, parseConfigFile } from '../config';
import { SOURCES } from './sources';

export { ConfigError, ConfigSecretError, configFile } from '../config';

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
  sources: z
    .strictObject(Object.fromEntries(Object.values(SOURCES).map((s) => [s.configKey, z.union([z.string().min(1), z.array(z.string().min(1))]).optional()])))
    .optional(),
  /** Per-episode deadline across the whole chain. */
  deadline_ms: z.number().int().positive().max(3_600_000).optional(),
  /** recall asks the first model provider to reword a query into the words a session would have used (off unless set). */
  recall: z
    .strictObject({
      rewrite: z.boolean().optional(),
      rewrite_timeout_ms: z.number().int().positive().max(60_000).optional(),
    })
    .optional(),
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
  /** Query rewrite by a model provider (memory.recall): off by default, and never without a model provider. */
  recall: { rewrite: boolean; rewriteTimeoutMs: number };
  /** True when no providers were configured, so status can say how to enable a model. */
  defaultProviders: boolean;
  /** hooks.session_start / hooks.session_end: false turns that Claude Code hook into a no-op (and setup leaves it out). */
  hooks: HookSwitches;
}

export const DEFAULT_TIMEOUT_MS: Record<ProviderConfig['type'], number> = { 'claude-cli': 120_000, anthropic: 60_000, openai: 60_000, offline: 10_000 };
export const DEFAULT_COOLDOWN_MS = 10 * 60_000;

/** Parses and validates config text; throws ConfigError / ConfigSecretError naming file, line and key. */
export function parseConfig(text: string, file: string): MemoryConfig {
  const parsed = parseConfigFile(text, file, FileSchema);
  return normalize(parsed.memory ?? {}, parsed.hooks ?? {});
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
    sources: Object.fromEntries(
      Object.entries(m.sources ?? {}).flatMap(([key, roots]) => (roots === undefined ? [] : [[key, typeof roots === 'string' ? [roots] : roots]])),
    ),
    deadlineMs: m.deadline_ms ?? 5 * 60_000,
    recall: { rewrite: m.recall?.rewrite ?? false, rewriteTimeoutMs: m.recall?.rewrite_timeout_ms ?? 5_000 },
    defaultProviders,
    hooks: hookSwitchesOf(hooks),
  };
}

export const DEFAULT_CONFIG: MemoryConfig = normalize({});

/** What is in effect while config.yaml is invalid. */
export type ConfigFallback = 'last-good' | 'safe';

/**
 * Sweeps and hooks off, offline only: what runs when config.yaml is invalid
 * at start and no good copy of it was ever kept, so a user's `enabled: false`
 * is never overridden by a default `true`.
 */
export const SAFE_CONFIG: MemoryConfig = {
  ...DEFAULT_CONFIG,
  sweep: { ...DEFAULT_CONFIG.sweep, enabled: false },
  hooks: { sessionStart: false, sessionEnd: false, search: 'off', read: false },
};

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
  /** The file's mtime and size at the last read (missing: -1), so a hot path re-reads it only when it changed. */
  private seen = '';
  readonly lastGoodFile: string;

  constructor(
    readonly file: string,
    options: { lastGoodFile?: string } = {},
  ) {
    this.lastGoodFile = options.lastGoodFile ?? lastGoodConfigFile(path.dirname(file));
  }

  /** True when the file changed since the last read (one stat), so a hot path re-reads it only then. */
  changed(): boolean {
    return this.stamp() !== this.seen;
  }

  private stamp(): string {
    try {
      const st = fs.statSync(this.file);
      return `${st.mtimeMs}:${st.size}`;
    } catch {
      return '-1';
    }
  }

  /** Re-reads the file; returns the error if it was rejected (the previous config stays). */
  reload(): ConfigError | ConfigSecretError | undefined {
    this.seen = this.stamp();
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
