// Ecto's schemas and Ash's resources, read beside Elixir's walk (elixir.ts):
// inside a `schema`/`embedded_schema` (Ecto) or `attributes`/`relationships`
// (Ash) block, each field call defines a field of the module.
import type { Node } from 'web-tree-sitter';
import { descriptor, Kind } from '../syntactic/facts';
import { doBlockOf, argumentsOf, rangeOf } from './elixir-nodes';
import type { ElixirWalk } from './elixir-walk';

/** Blocks whose field calls define fields: Ecto's schemas, Ash's resources. */
export const SCHEMA_BLOCKS = new Set(['schema', 'embedded_schema', 'attributes', 'relationships']);
/** Those field calls, Ecto's and Ash's. */
export const SCHEMA_FIELDS = new Set([
  'field',
  'belongs_to',
  'has_one',
  'has_many',
  'many_to_many',
  'embeds_one',
  'embeds_many',
  'attribute',
  'uuid_primary_key',
  'uuid_v7_primary_key',
  'integer_primary_key',
  'create_timestamp',
  'update_timestamp',
]);

/** A schema block: its field calls define fields of the module around it. */
export function schemaBlock(w: ElixirWalk, n: Node): void {
  w.schema++;
  w.children(n, n.childForFieldName('target') ?? undefined);
  w.schema--;
}

/**
 * `field :title, :string` (Ecto), `attribute :uuid, :string` (Ash),
 * `belongs_to :user, User` (also the `user_id` it adds): a field of the
 * module. An `embeds_one :x, X do … end` block is another schema's: what
 * it holds is not this module's.
 */
export function schemaField(w: ElixirWalk, n: Node, call: string): void {
  const module = w.module!;
  const [first, ...rest] = argumentsOf(n);
  const name = first?.type === 'atom' ? first.text.slice(1) : undefined;
  if (first && name && /^\w+[?!]?$/.test(name)) {
    const names = call === 'belongs_to' ? [name, `${name}_id`] : [name];
    for (const f of names)
      for (const key of module.keys)
        w.out.definitions.push({ key: `${key}${descriptor(f)}.`, name: f, kind: Kind.Field, range: rangeOf(first), extent: rangeOf(n) });
  }
  for (const a of rest) w.visit(a);
  const saved = w.schema;
  w.schema = 0;
  const block = doBlockOf(n);
  if (block) w.visit(block);
  w.schema = saved;
}
