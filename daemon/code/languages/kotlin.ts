// Kotlin: detected, not indexed. No tree-sitter grammar ships with Scry and
// no SCIP indexer runs here, so a repo with Kotlin shows it `skipped` with
// the remedy below, and every answer's freshness names it as missing.
import { defineLanguage } from './language';

export const kotlin = defineLanguage({
  id: 'kotlin',
  displayName: 'Kotlin',
  extensions: { '.kt': {}, '.kts': {} },
  markers: ['build.gradle.kts', 'settings.gradle.kts'],
  tests: [/(^|\/)src\/test\//, /Tests?\.kt$/],
  // Gradle build scripts say which build tool, not that the project is written in Kotlin.
  uncounted: ['.gradle.kts'],
  remedy:
    'Index it with scip-java (`scip-java index` in the Gradle or Maven build writes index.scip) and import that with scry index --scip index.scip (an import replaces the whole index)',
});
