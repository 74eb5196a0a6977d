// Words around a name that say what kind of thing it is: "the Hermes
// service", "the machine atlas", "the zod library", "Ana said".
import type { EntityType } from '../../protocol/vocabulary';

const TYPE_CUES: Record<string, EntityType> = {
  service: 'service', services: 'service', api: 'service', daemon: 'service', worker: 'service', microservice: 'service', backend: 'service', gateway: 'service', queue: 'service',
  machine: 'machine', host: 'machine', box: 'machine', vm: 'machine', instance: 'machine', droplet: 'machine', server: 'machine', cluster: 'machine',
  library: 'tool', libraries: 'tool', lib: 'tool', package: 'tool', packages: 'tool', tools: 'tool', dependency: 'tool', dependencies: 'tool', deps: 'tool', frameworks: 'tool', plugins: 'tool', framework: 'tool', tool: 'tool', cli: 'tool', sdk: 'tool', plugin: 'tool', extension: 'tool', crate: 'tool', gem: 'tool', orm: 'tool', database: 'tool', language: 'tool',
  project: 'project', repo: 'project', repository: 'project', app: 'project', application: 'project', codebase: 'project', monorepo: 'project', website: 'project',
  runbook: 'runbook', playbook: 'runbook',
};

/** Verbs after a name that make it a person ("Ana said", "Bob prefers"). */
const PERSON_VERBS = new Set(['said', 'says', 'asked', 'asks', 'wants', 'wanted', 'prefers', 'preferred', 'suggested', 'suggests', 'mentioned', 'reviewed', 'approved', 'thinks', 'thought', 'told', 'agreed', 'owns', 'wrote']);

/** Words after a name that make it a piece of code ("the TodoList component", "the useTodos hook"): the code index's, not memory's. */
const CODE_CUES = new Set(['component', 'components', 'hook', 'hooks', 'function', 'functions', 'method', 'methods', 'class', 'classes', 'interface', 'interfaces', 'type', 'types', 'prop', 'props', 'reducer', 'context', 'selector', 'selectors', 'field', 'fields', 'variable', 'constant', 'enum', 'struct', 'trait', 'macro', 'file', 'files', 'folder', 'directory', 'route', 'endpoint', 'table', 'column', 'attribute', 'param', 'parameter', 'argument', 'module', 'icon', 'action', 'actions', 'state', 'schema',
  // Pieces of a user interface the session builds: "the Settings and Dashboard pages".
  'page', 'pages', 'screen', 'screens', 'tab', 'tabs', 'view', 'views', 'menu', 'button', 'buttons', 'modal', 'dialog', 'sheet', 'panel', 'form', 'widget', 'sidebar', 'navbar', 'fallback', 'label', 'placeholder',
  'object', 'objects', 'record', 'records', 'response', 'request', 'payload', 'instances', 'query', 'mutation', 'event', 'handler',
  // A placeholder a screen shows: "the menu says Guest User".
  'user', 'users', 'account', 'role']);

export const isCodeCue = (word: string | undefined): boolean => word !== undefined && CODE_CUES.has(word.toLowerCase());

/** Words before a program that say it is being run or used ("deploy it with wrangler"). */
const TOOL_CONTEXT = new Set(['with', 'using', 'via', 'run', 'ran', 'runs', 'running', 'through', 'use', 'uses', 'invoke', 'invoked']);
export const isToolContext = (word: string | undefined): boolean => word !== undefined && TOOL_CONTEXT.has(word.toLowerCase());

const CUE_MAP = new Map(Object.entries(TYPE_CUES));
export const cueType = (word: string | undefined): EntityType | undefined => (word ? CUE_MAP.get(word.toLowerCase()) : undefined);
export const isPersonVerb = (word: string | undefined): boolean => word !== undefined && PERSON_VERBS.has(word.toLowerCase());

/** A host name's shape: a word and a number (web-1, db2, edge-eu-3). */
export const hostShaped = (name: string): boolean => /^[a-z][a-z-]*-?\d+[a-z0-9-]*$/i.test(name) && !/^v\d/i.test(name);
