// Entity resolution rules, pure so they can be tested table-driven and shared
// by the store and the offline extractor. A name either names an entity (and
// then has one normalized key that merges its spellings), or it is a value
// (a branch, a status, a version, a number: an attribute of a fact), a generic
// word (never merged, because "the server" in one session is not "the server"
// in another), or ephemeral (a temp path, a hash, a UUID, a port: true for one
// session only).

export type NameClass = 'entity' | 'value' | 'generic' | 'ephemeral';

/** Words that never name an entity on their own: merging on them would glue unrelated things together. */
const GENERIC = new Set([
  'server',
  'servers',
  'api',
  'apis',
  'app',
  'apps',
  'application',
  'database',
  'db',
  'project',
  'projects',
  'repo',
  'repository',
  'service',
  'services',
  'code',
  'codebase',
  'file',
  'files',
  'tool',
  'tools',
  'machine',
  'host',
  'system',
  'user',
  'users',
  'client',
  'backend',
  'frontend',
  'test',
  'tests',
  'script',
  'scripts',
  'config',
  'configuration',
  'function',
  'module',
  'package',
  'library',
  'data',
  'it',
  'this',
  'that',
  'thing',
  'things',
  'error',
  'errors',
  'bug',
  'bugs',
  'issue',
  'issues',
  'feature',
  'change',
  'changes',
  'build',
  'docs',
  'documentation',
  'agent',
  'assistant',
  'model',
  'cli',
  'command',
  'commands',
  'team',
  'we',
  'i',
  'you',
  'me',
  'someone',
  'everyone',
  'task',
  'work',
  'plan',
  'fix',
  'problem',
  'solution',
  'decision',
  'branch',
  'commit',
  'pr',
  'pull request',
  'environment',
  'env',
  'prod',
  'production',
  'staging',
  'dev',
  'local',
  'localhost',
  'container',
  'image',
  'cluster',
  'node',
  'instance',
  'endpoint',
  'url',
  'port',
  'path',
  'folder',
  'directory',
  'dir',
  'runbook',
  'concept',
  'person',
  'version',
  'status',
  'readme',
  'main function',
  'web',
  'site',
  'website',
  'page',
  'ide',
  'editor',
  'terminal',
  'console',
  'browser',
  'os',
  'ui',
  'ux',
  'cli tool',
  'workspace',
  'monorepo',
  'library',
  'framework',
  'auth',
  'authentication',
  'login',
  'session',
  'sessions',
  'cache',
  'storage',
  'logs',
  'logging',
  'docs folder',
]);

/** Trailing words that say what kind of thing a name is ("the Hermes agent"), dropped when a real name remains. */
const TYPE_SUFFIXES = new Set([
  'agent',
  'service',
  'server',
  'app',
  'project',
  'repo',
  'repository',
  'tool',
  'cli',
  'machine',
  'host',
  'box',
  'library',
  'lib',
  'package',
  'bot',
  'daemon',
  'vm',
]);

/** Values that name a state rather than a thing. */
const STATE_WORDS = new Set([
  'main',
  'master',
  'trunk',
  'develop',
  'head',
  'in-progress',
  'in progress',
  'wip',
  'done',
  'todo',
  'to do',
  'blocked',
  'open',
  'closed',
  'merged',
  'pending',
  'failed',
  'failing',
  'passing',
  'green',
  'red',
  'enabled',
  'disabled',
  'on',
  'off',
  'true',
  'false',
  'yes',
  'no',
  'none',
  'null',
  'active',
  'inactive',
  'deprecated',
  'stable',
  'beta',
  'alpha',
  'latest',
  'running',
  'stopped',
  'up',
  'down',
  'healthy',
  'unhealthy',
  'shipped',
  'released',
  'draft',
  'ready',
  'live',
]);

const VERSION = /^v?\d+(\.\d+){0,3}([-+][0-9a-z.-]+)?$/i;
const NUMBER = /^[-+]?\d[\d,_]*(\.\d+)?\s*(%|ms|s|sec|m|min|h|d|kb|mb|gb|tb|k|x)?$/i;
const DATE = /^\d{4}-\d{2}-\d{2}([t ][\d:.]+z?)?$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A run of hex with at least one digit and one letter: commit shas, content hashes.
/** A hash or a piece of one: hex digits and letters mixed, six or more (`3bb8701`, `d744dd`, `a0b611`). */
const HASH = /^(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{6,}$/i;
/** A generated id: a long run of letters and digits mixed (`cmd1bmpn3004c1014jynp7m1a`, a cuid or nanoid). */
const GENERATED_ID = /^(?=(?:[a-z]*\d){3})(?=(?:\d*[a-z]){3})[a-z0-9]{12,}$/i;
/** A placeholder written for a value: one letter repeated (`agent-xxx`, `XXXX`), or `<name>`-style brackets. */
/** A part counted out as an example (`agent-abc123`, `user-123`): letters and digits each running in sequence. */
const sequential = (part: string): boolean => {
  const m = /^([a-z]*)(\d*)$/.exec(part);
  if (!m || part.length < 3) return false;
  const run = (s: string): boolean => [...s].every((c, i) => i === 0 || c.charCodeAt(0) === s.charCodeAt(i - 1) + 1);
  return (
    (m[1]!.length === 0 || (m[1]!.length >= 3 && run(m[1]!))) &&
    (m[2]!.length === 0 || (m[2]!.length >= 3 && run(m[2]!))) &&
    (m[1]!.length === 0 || m[2]!.length > 0)
  );
};
const exampleId = (clean: string): boolean => clean.split(/[-_]/).slice(1).some(sequential);
const PLACEHOLDER = /(^|[-_./])(?!www)([a-z])\2{2,}($|[-_./])|^<[^>]+>$|\{\{[^}]*\}\}/i;
const TEMP_PATH = /^(\/tmp\/|\/var\/tmp\/|\/var\/folders\/|\/private\/(tmp|var)\/|\/dev\/shm\/|[a-z]:\\(windows\\)?temp\\|~?\/?\.cache\/)/i;
const PORT = /^(:\d{2,5}|port\s*\d{2,5}|(localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1?\])(:\d{2,5})?)$/i;
const PID = /^(pid\s*)?\d+$/i;

/** Lowercase, NFKC, quotes and surrounding punctuation dropped, whitespace collapsed. */
export function cleanName(raw: string): string {
  return raw
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[`"'“”‘’]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[\s,;:.!?()[\]{}]+|[\s,;:.!?()[\]{}]+$/g, '');
}

/** The merge key: cleaned, leading articles and one trailing type word dropped ("the Hermes agent" → "hermes"). */
export function normalizeName(raw: string): string {
  let n = cleanName(raw).replace(/^(the|a|an|our|my|this|that)\s+/, '');
  const words = n.split(' ');
  if (words.length > 1 && TYPE_SUFFIXES.has(words[words.length - 1]!)) {
    const rest = words.slice(0, -1).join(' ');
    if (rest.length >= 2 && !GENERIC.has(rest)) n = rest;
  }
  return n;
}

export function classifyName(raw: string): NameClass {
  const trimmed = raw.trim();
  const clean = cleanName(trimmed);
  if (clean.length === 0) return 'generic';
  if (
    UUID.test(clean) ||
    HASH.test(clean) ||
    GENERATED_ID.test(clean) ||
    PLACEHOLDER.test(clean) ||
    exampleId(clean) ||
    TEMP_PATH.test(trimmed) ||
    PORT.test(clean) ||
    PORT.test(trimmed.toLowerCase())
  )
    return 'ephemeral';
  if (STATE_WORDS.has(clean) || VERSION.test(clean) || NUMBER.test(clean) || DATE.test(clean)) return 'value';
  if (PID.test(clean)) return 'value';
  const norm = normalizeName(trimmed);
  if (norm.length < 2 || GENERIC.has(norm) || GENERIC.has(clean.replace(/^(the|a|an|our|my|this|that)\s+/, ''))) return 'generic';
  return 'entity';
}

/** The key two values are compared by when deciding whether a fact is restated. */
export const normalizeValue = (raw: string): string => cleanName(raw);
