// Lint that holds the layering (see DESIGN.md): domains never import a client
// or each other, the extension reaches the daemon only through the protocol
// and the shared client layer, MCP tools reach the index only through the
// daemon. Plus the two rules that catch real bugs here: no floating promises
// (a dropped rejection is a silent failure in a long-lived daemon) and no any.
import tseslint from 'typescript-eslint';

// Relative imports only (a package such as @modelcontextprotocol/sdk/server is not the daemon's server/).
const folders = (...names) => `^\\.{1,2}/(\\.\\./)*(.*/)?(${names.join('|')})(/|$)`;
const CLIENTS = ['cli', 'mcp', 'setup', 'extension', 'server'];
const restrict = (regex, message) => ({ 'no-restricted-imports': ['error', { patterns: [{ regex, message }] }] });

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-artifacts/**', 'daemon/code/scip/gen/**', '**/*.mjs', '**/*.js', 'test/fixtures/eventsource-parser/**'] },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.base],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // node:test's describe/it return promises that the runner awaits itself.
      '@typescript-eslint/no-floating-promises': ['error', { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] }] }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  { files: ['daemon/code/**/*.ts'], rules: restrict(folders(...CLIENTS, 'client', 'memory'), 'a domain never imports a client, the server or the other domain') },
  { files: ['daemon/memory/**/*.ts'], rules: restrict(folders(...CLIENTS, 'client', 'code'), 'a domain never imports a client, the server or the other domain') },
  { files: ['extension/**/*.ts'], rules: restrict('^\\.\\./daemon/(?!(protocol|client)(/|$))', 'the extension imports only the protocol and the shared client layer (daemon/client)') },
  { files: ['daemon/mcp/**/*.ts'], rules: restrict(folders('code', 'memory(?!/redact(?:/|$))', 'server', 'cli'), 'MCP tools reach the index only through the daemon (daemon/client); memory/redact is the one exception, for the call log') },
);
