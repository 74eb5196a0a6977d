// How a model's phrasing maps onto the closed vocabulary (declared in
// daemon/protocol/vocabulary.ts). An open vocabulary degrades into
// thousands of near-duplicate relations ("hosted on", "deploys to", "lives
// on"), so every phrasing is mapped onto one canonical relation here.
//
// Unknown relations are kept as `related_to` rather than rejected: a fact
// whose verb we do not know still links two entities and keeps its plain-words
// text for recall, and one catch-all relation cannot fragment the graph.
// `related_to` is never functional, so it never supersedes anything.

import { isRelation, type Relation } from '../../protocol/vocabulary';

/** Phrasings seen in the wild, normalized (lowercase, spaces), onto the canonical relation. */
const SYNONYMS: Record<string, Relation> = {
  'deployed to': 'deployed_on',
  'deploys to': 'deployed_on',
  'deploys on': 'deployed_on',
  'deployed at': 'deployed_on',
  'hosted on': 'deployed_on',
  'hosted at': 'deployed_on',
  'hosted by': 'deployed_on',
  'lives on': 'deployed_on',
  'deploy target': 'deployed_on',
  deployment: 'deployed_on',
  'running on': 'runs_on',
  'runs in': 'runs_on',
  'executes on': 'runs_on',
  'run on': 'runs_on',
  state: 'status',
  'has status': 'status',
  progress: 'status',
  'has version': 'version',
  'at version': 'version',
  'version of': 'version',
  'replaced with': 'replaced_by',
  'superseded by': 'replaced_by',
  'migrated to': 'replaced_by',
  'switched to': 'replaced_by',
  replaces: 'supersedes',
  'instead of': 'supersedes',
  'located in': 'located_at',
  'lives at': 'located_at',
  path: 'located_at',
  url: 'located_at',
  'found at': 'located_at',
  owner: 'owned_by',
  'maintained by': 'owned_by',
  'belongs to': 'owned_by',
  use: 'uses',
  using: 'uses',
  utilizes: 'uses',
  'relies on': 'depends_on',
  requires: 'depends_on',
  needs: 'depends_on',
  depends: 'depends_on',
  decides: 'decided',
  chose: 'decided',
  chosen: 'decided',
  decision: 'decided',
  agreed: 'decided',
  maintains: 'owns',
  'responsible for': 'owns',
  'component of': 'part_of',
  'belongs in': 'part_of',
  'member of': 'part_of',
  has: 'contains',
  includes: 'contains',
  'configured by': 'configured_with',
  config: 'configured_with',
  'configured via': 'configured_with',
  'documented at': 'documented_in',
  'described in': 'documented_in',
  docs: 'documented_in',
  'tested with': 'tested_by',
  tests: 'tested_by',
  'because of': 'caused_by',
  'due to': 'caused_by',
  'fixed with': 'fixed_by',
  'resolved by': 'fixed_by',
  'solved by': 'fixed_by',
  'blocked on': 'blocked_by',
  'waiting on': 'blocked_by',
  likes: 'prefers',
  prefer: 'prefers',
  'talks to': 'connects_to',
  calls: 'connects_to',
  'built by': 'built_with',
  'compiled with': 'built_with',
  'stores in': 'stores_data_in',
  'persists to': 'stores_data_in',
  database: 'stores_data_in',
  related: 'related_to',
  'associated with': 'related_to',
  mentions: 'related_to',
};

/** The canonical relation for a model's phrasing, and whether it was known. */
export function canonicalRelation(raw: string): { relation: Relation; known: boolean } {
  const key = raw
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  const snake = key.replace(/ /g, '_');
  if (isRelation(snake)) return { relation: snake, known: true };
  const syn = SYNONYMS[key];
  if (syn) return { relation: syn, known: true };
  return { relation: 'related_to', known: false };
}
