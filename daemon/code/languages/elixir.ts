// Elixir: detected, not indexed (no grammar ships with Scry, no SCIP indexer runs here).
import { defineLanguage } from './language';

export const elixir = defineLanguage({
  id: 'elixir',
  displayName: 'Elixir',
  extensions: { '.ex': {}, '.exs': {} },
  markers: ['mix.exs'],
  tests: [/_test\.exs$/],
  // mix.exs is the build file, not the project's code.
  uncounted: ['mix.exs'],
  remedy: 'Index it with a SCIP indexer for Elixir and import its output with scry index --scip FILE (an import replaces the whole index)',
});
