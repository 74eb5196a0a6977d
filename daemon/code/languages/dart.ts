// Dart: detected, not indexed (no grammar ships with Scry, no SCIP indexer runs here).
import { defineLanguage } from './language';

export const dart = defineLanguage({
  id: 'dart',
  displayName: 'Dart',
  extensions: { '.dart': {} },
  markers: ['pubspec.yaml'],
  tests: [/_test\.dart$/],
  remedy:
    'Index it with scip_dart (`dart pub global run scip_dart ./` writes index.scip) and import that with scry index --scip index.scip (an import replaces the whole index)',
});
