// The shape of a model's reply, checked strictly at the boundary: an entity of
// an unknown type, a confidence outside 0..1 or a stray key rejects the whole
// reply, so the chain hands the episode to the next provider rather than
// storing half-understood output.
import { z } from 'zod';
import { ENTITY_TYPES } from '../../protocol/vocabulary';

const isoTime = z.string().refine((s) => !Number.isNaN(Date.parse(s)), { message: 'expected an ISO 8601 time' });

export const ExtractedEntitySchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  type: z.enum(ENTITY_TYPES),
  aliases: z.array(z.string().trim().min(1).max(200)).max(20).optional(),
  description: z.string().max(1000).nullish(),
  /** Repository root or name this entity belongs to. */
  repo: z.string().max(500).nullish(),
});

export const ExtractedFactSchema = z
  .strictObject({
    source: z.string().trim().min(1).max(200),
    /** Free text here; mapped onto the closed vocabulary by canonicalRelation. */
    relation: z.string().trim().min(1).max(80),
    target: z.string().trim().min(1).max(200).nullish(),
    value: z.string().trim().min(1).max(500).nullish(),
    /** The fact in plain words, one sentence. */
    fact: z.string().trim().min(1).max(1000),
    confidence: z.number().min(0).max(1),
    valid_from: isoTime.nullish(),
    valid_to: isoTime.nullish(),
    /** The target or value (same source and relation) this fact replaces. */
    supersedes: z.string().trim().min(1).max(200).nullish(),
  })
  .refine((f) => (f.target ?? null) !== null || (f.value ?? null) !== null, { message: 'a fact needs a target or a value' });

export const ExtractionSchema = z.strictObject({
  entities: z.array(ExtractedEntitySchema).max(200),
  facts: z.array(ExtractedFactSchema).max(400),
  /** An optional better summary of the episode. */
  summary: z.string().max(2000).nullish(),
});

export type ExtractedEntity = z.infer<typeof ExtractedEntitySchema>;
export type ExtractedFact = z.infer<typeof ExtractedFactSchema>;
export type Extraction = z.infer<typeof ExtractionSchema>;

/** One line naming the first problems, e.g. `facts[2].confidence: Too big: expected number to be <=1`. */
export function describeIssues(error: z.ZodError, max = 3): string {
  return error.issues
    .slice(0, max)
    .map((i) => `${i.path.length ? i.path.map(String).join('.') : '(root)'}: ${i.message}`)
    .join('; ');
}
