// config.yaml as a file: YAML parsed with line numbers, checked against a
// schema, so a bad file gets one line naming file, line and key; and API keys
// never live in it (the file names the environment variable instead). Each
// owner declares its section's schema; memory reads the whole file, setup
// only its hooks.
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node } from 'yaml';
import type { z } from 'zod';
import { ErrorCode, ScryError } from '../errors';

export class ConfigError extends ScryError {
  override readonly code = ErrorCode.Config;
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly key: string,
    detail: string,
  ) {
    super(
      `${file}${line ? `:${line}` : ''}: ${key}: ${detail}`,
      'Fix the file; until then Scry runs on its last good configuration, or with sweeps and hooks off when it never read one',
    );
  }
}

export class ConfigSecretError extends ScryError {
  override readonly code = ErrorCode.ConfigSecret;
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly key: string,
  ) {
    // The value itself is never echoed: it is a secret.
    super(
      `${file}${line ? `:${line}` : ''}: ${key}: looks like an API key or secret; keys are never stored in config.yaml`,
      'Remove it, export it as an environment variable, and name that variable with api_key_env',
    );
  }
}

const SECRET_VALUE =
  /^(sk-|sk-ant-|sk-proj-|ghp_|gho_|ghs_|github_pat_|xox[abposr]-|AKIA[0-9A-Z]{12}|glpat-|AIza|hf_|npm_|r8_|pk_live_|sk_live_|rk_live_|eyJ[\w-]{10,}\.)/;
const SECRET_KEY = /^(api[_-]?key|apikey|key|token|secret|password|passwd|auth|authorization|bearer|access[_-]?token|x-api-key)$/i;

/** Parses config text and checks it against `schema`; throws ConfigError / ConfigSecretError naming file, line and key. */
export function parseConfigFile<S extends z.ZodType>(text: string, file: string, schema: S): z.output<S> {
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc, prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    throw new ConfigError(file, e.linePos?.[0]?.line, 'yaml', e.message.split('\n')[0]!);
  }
  findSecrets(doc, lc, file);
  const raw: unknown = doc.toJS() ?? {};
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const p = issue.path.filter((k): k is string | number => typeof k !== 'symbol');
    throw new ConfigError(file, lineOf(doc, lc, p), formatPath(p), issue.message);
  }
  return parsed.data;
}

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
