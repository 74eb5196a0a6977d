// Stand-in for zod/mini in the CLI's bundles only (an esbuild alias in
// scripts/build.mjs), like cli/jsonrpc-shim.ts for vscode-jsonrpc. The CLI
// reads the protocol's declarations for names, fields and flags, never to
// validate (the daemon does that), and building the real schemas costs ~6 ms
// of every CLI start. This builds the same `_zod.def` skeleton that
// fieldsOf() in method.ts reads. Type-checking still sees real zod/mini.

interface CheckDef {
  check: string;
  value?: number;
  inclusive?: boolean;
}

interface Def {
  type: string;
  checks?: Array<{ _zod: { def: CheckDef } }>;
  shape?: Record<string, Schema>;
  innerType?: Schema;
  element?: Schema;
  entries?: Record<string, string>;
}

class Schema {
  readonly _zod: { def: Def };
  description?: string;
  constructor(def: Def) {
    this._zod = { def };
  }
  check(...checks: Array<{ description?: string; _zod?: { def: CheckDef } }>): this {
    for (const c of checks) {
      if (c.description !== undefined) this.description = c.description;
      if (c._zod) (this._zod.def.checks ??= []).push({ _zod: c._zod });
    }
    return this;
  }
}

const leaf = (type: string) => (): Schema => new Schema({ type });
export const string = leaf('string');
export const number = leaf('number');
export const int = leaf('number');
export const boolean = leaf('boolean');
export const literal = leaf('literal');
export const unknown = leaf('unknown');
export const object = (shape: Record<string, Schema>): Schema => new Schema({ type: 'object', shape });
export const looseObject = object;
export const array = (element: Schema): Schema => new Schema({ type: 'array', element });
export const optional = (innerType: Schema): Schema => new Schema({ type: 'optional', innerType });
export const record = (_key: Schema, value: Schema): Schema => new Schema({ type: 'record', element: value });
export const nullable = (innerType: Schema): Schema => new Schema({ type: 'nullable', innerType });
export const enum_ = (values: string[]): Schema => new Schema({ type: 'enum', entries: Object.fromEntries(values.map((v) => [v, v])) });
export { enum_ as enum };
export const describe = (description: string): { description: string } => ({ description });
// The bounds fieldsOf() reads, in zod's own check shape; a length check carries nothing the CLI reads.
const bound = (check: string, value: number, inclusive: boolean) => ({ _zod: { def: { check, value, inclusive } } });
export const positive = (): object => bound('greater_than', 0, false);
export const minimum = (value: number): object => bound('greater_than', value, true);
export const maximum = (value: number): object => bound('less_than', value, true);
export const minLength = (): object => ({});
export const globalRegistry = {
  get: (s: Schema): { description?: string } | undefined => (s.description !== undefined ? { description: s.description } : undefined),
};
