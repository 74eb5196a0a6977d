// Scala: detected, not indexed (no grammar ships with Scry, no SCIP indexer runs here).
import { defineLanguage } from './language';

export const scala = defineLanguage({
  id: 'scala',
  displayName: 'Scala',
  extensions: { '.scala': {}, '.sc': {} },
  markers: ['build.sbt'],
  tests: [/(^|\/)src\/test\//, /(Spec|Test|Suite)\.scala$/],
  remedy:
    'Index it with scip-java (`scip-java index` in the sbt, Gradle or Maven build writes index.scip) and import that with scry index --scip index.scip (an import replaces the whole index)',
});
