// Lint that holds the layering (README.md, "How it works"): domains never
// import a client or each other; the extension, the CLI and setup reach the
// daemon only through the protocol and the shared client layer; MCP tools
// reach the index only through the daemon; memory.db is touched only inside
// daemon/memory/store/. Plus the two rules that catch real bugs here: no
// floating promises (a dropped rejection is a silent failure in a long-lived
// daemon) and no any.
import tseslint from 'typescript-eslint';

// Relative imports only (a package such as @modelcontextprotocol/sdk/server is not the daemon's server/).
const folders = (...names) => `^\\.{1,2}/(\\.\\./)*(.*/)?(${names.join('|')})(/|$)`;
const CLIENTS = ['cli', 'mcp', 'setup', 'extension', 'server'];
const restrict = (regex, message) => ({ 'no-restricted-imports': ['error', { patterns: [{ regex, message }] }] });
const DOMAIN_WALL = 'a domain never imports a client, the server or the other domain';

// memory.db is read and written only inside daemon/memory/store/: elsewhere in memory no SQL text, no
// statement, no transaction, no connection (feature code calls the typed reads in store/queries/).
const SQL_TEXT = '/^\\s*(SELECT|INSERT|UPDATE \\w+ SET|DELETE FROM|CREATE (TABLE|INDEX|VIRTUAL|TRIGGER)|ALTER TABLE|DROP |PRAGMA|WITH \\w+ AS)/';
const NO_RAW_SQL = 'raw SQL stays in daemon/memory/store/: add a typed read or write there';
const noRawSql = {
  'no-restricted-syntax': [
    'error',
    { selector: `Literal[value=${SQL_TEXT}]`, message: NO_RAW_SQL },
    { selector: `TemplateElement[value.raw=${SQL_TEXT}]`, message: NO_RAW_SQL },
    { selector: 'CallExpression[callee.property.name=/^(prepare|pragma|transaction)$/]', message: NO_RAW_SQL },
    { selector: "MemberExpression[property.name='db']", message: NO_RAW_SQL },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-artifacts/**', 'daemon/code/scip/gen/**', '**/*.mjs', '**/*.js', 'test/fixtures/eventsource-parser/**'] },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.base],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // node:test's describe/it return promises that the runner awaits itself.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] },
          ],
        },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  { files: ['daemon/code/**/*.ts'], rules: restrict(folders(...CLIENTS, 'client', 'memory'), DOMAIN_WALL) },
  { files: ['daemon/memory/**/*.ts'], rules: restrict(folders(...CLIENTS, 'client', 'code'), DOMAIN_WALL) },
  {
    files: ['daemon/memory/**/*.ts'],
    // distill/sqlite/ reads other agents' databases read-only (opencode.db, state.vscdb), never memory.db.
    ignores: ['daemon/memory/store/**', 'daemon/memory/distill/sqlite/**'],
    rules: {
      ...noRawSql,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: folders(...CLIENTS, 'client', 'code'), message: DOMAIN_WALL },
            { regex: '^\\.{1,2}/(\\.\\./)*sqlite$', message: NO_RAW_SQL },
          ],
        },
      ],
    },
  },
  // The CLI and setup are clients like the extension: they reach a domain through the protocol and the client layer,
  // never by importing it. cli/direct.ts is the one exception, the cold path that answers from the index file while the daemon boots.
  {
    files: ['daemon/cli/**/*.ts', 'daemon/setup/**/*.ts'],
    ignores: ['daemon/cli/direct.ts'],
    rules: restrict(
      '^(\\.\\./)+(code|memory|mcp|server)(/|$)',
      'cli/ and setup/ reach the domains only through daemon/protocol and daemon/client (cli/direct.ts is the one exception)',
    ),
  },
  {
    files: ['extension/**/*.ts'],
    rules: restrict('^\\.\\./daemon/(?!(protocol|client)(/|$))', 'the extension imports only the protocol and the shared client layer (daemon/client)'),
  },
  {
    files: ['daemon/mcp/**/*.ts'],
    rules: restrict(
      folders('code', 'memory(?!/redact(?:/|$))', 'server', 'cli'),
      'MCP tools reach the index only through the daemon (daemon/client); memory/redact is the one exception, for the call log',
    ),
  },
);
