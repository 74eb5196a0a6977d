// Swift: detected, not indexed (no grammar ships with Scry, no SCIP indexer runs here).
import { defineLanguage } from './language';

export const swift = defineLanguage({
  id: 'swift',
  displayName: 'Swift',
  extensions: { '.swift': {} },
  markers: ['Package.swift'],
  tests: [/(^|\/)Tests\//, /Tests?\.swift$/],
  // The package manifest is Swift, but says nothing of the code.
  uncounted: ['Package.swift'],
  remedy: 'Index it with a SCIP indexer for Swift and import its output with scry index --scip FILE (an import replaces the whole index)',
});
