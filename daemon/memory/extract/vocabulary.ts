// The closed vocabulary a model (and the offline extractor) must speak: eight
// entity types and a few dozen relations. An open vocabulary degrades into
// thousands of near-duplicate relations ("hosted on", "deploys to", "lives
// on"), so every phrasing is mapped onto one canonical relation here.
//
// Unknown relations are kept as `related_to` rather than rejected: a fact
// whose verb we do not know still links two entities and keeps its plain-words
// text for recall, and one catch-all relation cannot fragment the graph.
// `related_to` is never functional, so it never supersedes anything.

export const ENTITY_TYPES = ['project', 'service', 'machine', 'tool', 'person', 'decision', 'runbook', 'concept'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export interface RelationSpec {
  /** One current target per source: a new one closes the old one's validity. */
  functional: boolean;
  /** What the relation means, for the prompt. */
  gloss: string;
}

export const RELATIONS = {
  deployed_on: { functional: true, gloss: 'service/project is deployed on a machine or platform' },
  runs_on: { functional: true, gloss: 'runs on a machine, runtime or platform' },
  status: { functional: true, gloss: 'current state (value: in-progress, done, blocked, …)' },
  version: { functional: true, gloss: 'current version (value)' },
  replaced_by: { functional: true, gloss: 'was replaced by the target' },
  located_at: { functional: true, gloss: 'lives at a path, URL or place' },
  owned_by: { functional: true, gloss: 'is owned by a person or team' },
  uses: { functional: false, gloss: 'uses a tool, library or service' },
  depends_on: { functional: false, gloss: 'needs the target to work' },
  decided: { functional: false, gloss: 'made a decision (target: a decision entity)' },
  owns: { functional: false, gloss: 'a person or team owns the target' },
  part_of: { functional: false, gloss: 'is a component of the target' },
  contains: { functional: false, gloss: 'has the target as a component' },
  configured_with: { functional: false, gloss: 'is configured with a setting or tool' },
  documented_in: { functional: false, gloss: 'is documented in a runbook, file or page' },
  tested_by: { functional: false, gloss: 'is tested by a tool or suite' },
  caused_by: { functional: false, gloss: 'a problem was caused by the target' },
  fixed_by: { functional: false, gloss: 'a problem was fixed by the target' },
  blocked_by: { functional: false, gloss: 'is blocked by the target' },
  prefers: { functional: false, gloss: 'a person prefers the target' },
  avoids: { functional: false, gloss: 'a person or project avoids the target' },
  works_on: { functional: false, gloss: 'a person works on the target' },
  connects_to: { functional: false, gloss: 'talks to the target over the network' },
  built_with: { functional: false, gloss: 'is built with a tool' },
  monitored_by: { functional: false, gloss: 'is monitored by a tool' },
  backed_up_to: { functional: false, gloss: 'is backed up to the target' },
  authenticates_with: { functional: false, gloss: 'authenticates with the target' },
  stores_data_in: { functional: false, gloss: 'keeps its data in the target' },
  exposes: { functional: false, gloss: 'exposes an endpoint, port or API' },
  supersedes: { functional: false, gloss: 'replaces the target (inverse of replaced_by)' },
  note: { functional: false, gloss: 'a statement remembered about the entity, in words (value: the statement)' },
  related_to: { functional: false, gloss: 'fallback when no other relation fits' },
} as const satisfies Record<string, RelationSpec>;

export type Relation = keyof typeof RELATIONS;
export const RELATION_NAMES = Object.keys(RELATIONS) as Relation[];

/** Phrasings seen in the wild, normalized (lowercase, spaces), onto the canonical relation. */
const SYNONYMS: Record<string, Relation> = {
  'deployed to': 'deployed_on', 'deploys to': 'deployed_on', 'deploys on': 'deployed_on', 'deployed at': 'deployed_on',
  'hosted on': 'deployed_on', 'hosted at': 'deployed_on', 'hosted by': 'deployed_on', 'lives on': 'deployed_on', 'deploy target': 'deployed_on', 'deployment': 'deployed_on',
  'running on': 'runs_on', 'runs in': 'runs_on', 'executes on': 'runs_on', 'run on': 'runs_on',
  'state': 'status', 'has status': 'status', 'progress': 'status',
  'has version': 'version', 'at version': 'version', 'version of': 'version',
  'replaced with': 'replaced_by', 'superseded by': 'replaced_by', 'migrated to': 'replaced_by', 'switched to': 'replaced_by',
  'replaces': 'supersedes', 'instead of': 'supersedes',
  'located in': 'located_at', 'lives at': 'located_at', 'path': 'located_at', 'url': 'located_at', 'found at': 'located_at',
  'owner': 'owned_by', 'maintained by': 'owned_by', 'belongs to': 'owned_by',
  'use': 'uses', 'using': 'uses', 'utilizes': 'uses', 'relies on': 'depends_on', 'requires': 'depends_on', 'needs': 'depends_on', 'depends': 'depends_on',
  'decides': 'decided', 'chose': 'decided', 'chosen': 'decided', 'decision': 'decided', 'agreed': 'decided',
  'maintains': 'owns', 'responsible for': 'owns',
  'component of': 'part_of', 'belongs in': 'part_of', 'member of': 'part_of',
  'has': 'contains', 'includes': 'contains',
  'configured by': 'configured_with', 'config': 'configured_with', 'configured via': 'configured_with',
  'documented at': 'documented_in', 'described in': 'documented_in', 'docs': 'documented_in',
  'tested with': 'tested_by', 'tests': 'tested_by',
  'because of': 'caused_by', 'due to': 'caused_by',
  'fixed with': 'fixed_by', 'resolved by': 'fixed_by', 'solved by': 'fixed_by',
  'blocked on': 'blocked_by', 'waiting on': 'blocked_by',
  'likes': 'prefers', 'prefer': 'prefers',
  'talks to': 'connects_to', 'calls': 'connects_to',
  'built by': 'built_with', 'compiled with': 'built_with',
  'stores in': 'stores_data_in', 'persists to': 'stores_data_in', 'database': 'stores_data_in',
  'related': 'related_to', 'associated with': 'related_to', 'mentions': 'related_to',
};

/** The canonical relation for a model's phrasing, and whether it was known. */
export function canonicalRelation(raw: string): { relation: Relation; known: boolean } {
  const key = raw.trim().toLowerCase().replace(/[\s_-]+/g, ' ');
  const snake = key.replace(/ /g, '_');
  if (snake in RELATIONS) return { relation: snake as Relation, known: true };
  const syn = SYNONYMS[key];
  if (syn) return { relation: syn, known: true };
  return { relation: 'related_to', known: false };
}

export const isFunctional = (r: Relation): boolean => RELATIONS[r].functional;
