// Lua: detected, not indexed (no grammar ships with Scry, no SCIP indexer runs here).
import { defineLanguage } from './language';

export const lua = defineLanguage({
  id: 'lua',
  displayName: 'Lua',
  extensions: { '.lua': {} },
  markers: ['.luarc.json'],
  tests: [/_spec\.lua$/, /_test\.lua$/],
  remedy: 'Index it with a SCIP indexer for Lua and import its output with scry index --scip FILE (an import replaces the whole index)',
});
