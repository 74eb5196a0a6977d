// The memory graph's closed vocabulary, declared once: nine entity types and
// a few dozen relations. Extraction prompts with it, the store checks it, the
// protocol and MCP validate against it and the webview colours by it. Plain
// constants, no zod, so the browser bundle can import it too.
//
// Unknown relations are kept as `related_to` rather than rejected (see
// memory/extract/vocabulary.ts): `related_to` is never functional, so it never
// supersedes anything.

// `file`: a file a session read or edited (from its tool calls), named by its path under the session's project.
export const ENTITY_TYPES = ['project', 'service', 'machine', 'tool', 'person', 'decision', 'runbook', 'concept', 'file'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export const isEntityType = (s: string): s is EntityType => (ENTITY_TYPES as readonly string[]).includes(s);

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

export const isRelation = (s: string): s is Relation => Object.hasOwn(RELATIONS, s);
export const isFunctional = (r: Relation): boolean => RELATIONS[r].functional;
