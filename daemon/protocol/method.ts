// How a JSON-RPC method is declared: once, with zod schemas for its params
// and result. From one declaration come the TS types (z.output), the daemon's
// validation of params at the socket, the MCP tool's input and output schemas,
// and the CLI's command (usage, flags, dispatch). zod/mini keeps the schemas
// cheap enough for the CLI's start-up (the classic build costs ~18 ms to load).
import { NotificationType, RequestType } from 'vscode-jsonrpc';
import * as z from 'zod/mini';
import { pluralNoun } from './plural';

/** How the CLI exposes a method: `scry <command> [ARG] [--flags]`; flags come from the params' other fields. */
export interface CliSpec {
  command: string;
  /** The params field taken from the positional argument, with its usage hint. */
  arg?: { field: string; label: string; required: boolean; example: string; needs: string };
  /** A second positional (`memory path FROM TO`). */
  arg2?: { field: string; label: string; required: boolean; example: string; needs: string };
  summary: string;
  group: 'queries' | 'daemon' | 'memory';
  /** Params fields that are paths: the CLI resolves them against its working directory. */
  paths?: readonly string[];
  /** Params fields naming a file: resolved against the working directory when the file is there, else left to the daemon (repo-relative). */
  files?: readonly string[];
  /** Without --repo the command covers every repo, not the one around the working directory. */
  everyRepo?: boolean;
  /** Params fields the CLI fills itself (repo from the git root) or never exposes. */
  hidden?: readonly string[];
}

export interface MethodDecl<M extends string = string, PS extends z.ZodMiniObject = z.ZodMiniObject, RS extends z.ZodMiniType = z.ZodMiniType> {
  readonly method: M;
  readonly params: PS;
  readonly result: RS;
  /** The typed request for vscode-jsonrpc (extension, daemon) and the CLI's RpcClient. */
  readonly type: RequestType<z.output<PS>, z.output<RS>, void>;
  readonly cli?: CliSpec;
}

export type ParamsOf<D> = D extends MethodDecl<string, infer PS, z.ZodMiniType> ? z.output<PS> : never;
export type ResultOf<D> = D extends MethodDecl<string, z.ZodMiniObject, infer RS> ? z.output<RS> : never;

/** How one method's answer reads as text, typed by that method's result: a renamed result field is a compile error here. */
export type Formatter<D extends MethodDecl> = (result: ResultOf<D>) => string;

/** Formatters by method name, for clients that hold an answer as the JSON the daemon sent. */
export type FormatterTable = Readonly<Record<string, ((result: unknown) => string) | undefined>>;

interface FormatterEntry {
  readonly method: string;
  format(result: unknown): string;
}

/** Binds a formatter to its method; the table trusts the daemon's answer to match the declaration (the daemon builds it from the same schema). */
export const formatter = <D extends MethodDecl>(decl: D, format: Formatter<D>): FormatterEntry => ({
  method: decl.method,
  format: (result) => format(result as ResultOf<D>),
});

export const formatterTable = (entries: readonly FormatterEntry[]): FormatterTable => Object.fromEntries(entries.map((e) => [e.method, e.format]));

export function defineMethod<M extends string, PS extends z.ZodMiniObject, RS extends z.ZodMiniType>(decl: {
  method: M;
  params: PS;
  result: RS;
  cli?: CliSpec;
}): MethodDecl<M, PS, RS> {
  return { ...decl, type: new RequestType<z.output<PS>, z.output<RS>, void>(decl.method) };
}

export interface NotificationDecl<M extends string = string, PS extends z.ZodMiniType = z.ZodMiniType> {
  readonly method: M;
  readonly params: PS;
  readonly type: NotificationType<z.output<PS>>;
}

export function defineNotification<M extends string, PS extends z.ZodMiniType>(decl: { method: M; params: PS }): NotificationDecl<M, PS> {
  return { ...decl, type: new NotificationType<z.output<PS>>(decl.method) };
}

/**
 * Checks params off the wire against a method's schema. Returns the parsed
 * params, or one line naming the first bad field ("name: expected a string").
 */
export function checkParams<D extends MethodDecl>(decl: D, raw: unknown): { ok: true; params: ParamsOf<D> } | { ok: false; message: string } {
  const parsed = decl.params.safeParse(raw ?? {});
  if (parsed.success) return { ok: true, params: parsed.data as ParamsOf<D> };
  return { ok: false, message: `invalid params for ${decl.method}: ${describeIssue(parsed.error.issues[0])}` };
}

function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'rejected';
  const where = issue.path.length > 0 ? issue.path.join('.') : 'params';
  switch (issue.code) {
    case 'invalid_type':
      return `${where}: expected ${issue.expected === 'object' && issue.path.length === 0 ? 'an object' : issue.expected === 'int' ? 'a whole number' : issue.expected}`;
    case 'too_small':
      return `${where}: must be ${issue.origin === 'string' ? 'non-empty' : `${issue.inclusive ? 'at least' : 'more than'} ${String(issue.minimum)}`}`;
    case 'too_big':
      return `${where}: must be at most ${String(issue.maximum)}`;
    case 'invalid_value':
      return `${where}: expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'unrecognized_keys':
      return `unknown ${pluralNoun(issue.keys.length, 'field')} ${issue.keys.join(', ')}`;
    default:
      return `${where}: ${issue.message}`;
  }
}

// ---- reading a declaration (the CLI derives its flags from this) --------

export interface FieldInfo {
  name: string;
  /** `list`: an array of strings, a flag that may be repeated. */
  kind: 'string' | 'number' | 'boolean' | 'list' | 'other';
  optional: boolean;
  description?: string;
  /** The allowed values of an enum field. */
  choices?: string[];
  /** Inclusive bounds of a whole-number field, from its checks (`positive()` is min 1). */
  min?: number;
  max?: number;
}

interface CheckDef {
  check?: string;
  value?: number;
  inclusive?: boolean;
}

function boundsOf(s: z.core.$ZodType): { min?: number; max?: number } {
  const bounds: { min?: number; max?: number } = {};
  for (const c of (s._zod.def as { checks?: Array<{ _zod: { def: CheckDef } }> }).checks ?? []) {
    const { check, value, inclusive } = c._zod.def;
    if (typeof value !== 'number') continue;
    if (check === 'greater_than') bounds.min = inclusive ? value : value + 1;
    if (check === 'less_than') bounds.max = inclusive ? value : value - 1;
  }
  return bounds;
}

/** The top-level fields of a params schema; works on real zod/mini and on the CLI's shim alike. */
export function fieldsOf(schema: z.ZodMiniObject): FieldInfo[] {
  const shape = schema._zod.def.shape as Record<string, z.core.$ZodType>;
  return Object.entries(shape).map(([name, field]) => {
    let s = field;
    let optional = false;
    const description = z.globalRegistry.get(s)?.description;
    while (s._zod.def.type === 'optional' || s._zod.def.type === 'nullable') {
      optional ||= s._zod.def.type === 'optional';
      s = (s._zod.def as unknown as { innerType: z.core.$ZodType }).innerType;
    }
    const inner = z.globalRegistry.get(s)?.description;
    const t = s._zod.def.type;
    const element = t === 'array' ? (s._zod.def as unknown as { element: z.core.$ZodType }).element : undefined;
    const kind = t === 'string' || t === 'enum' ? 'string' : t === 'number' || t === 'boolean' ? t : element?._zod.def.type === 'string' ? 'list' : 'other';
    const choices = t === 'enum' ? Object.values((s._zod.def as unknown as { entries: Record<string, string> }).entries) : undefined;
    return {
      name,
      kind,
      optional,
      ...((description ?? inner) ? { description: description ?? inner } : {}),
      ...(choices ? { choices } : {}),
      ...(kind === 'number' ? boundsOf(s) : {}),
    };
  });
}

// ---- small schema helpers shared by the declarations --------------------

export const describe = <T extends z.ZodMiniType>(schema: T, text: string): T => schema.check(z.describe(text)) as T;
export const opt = <T extends z.ZodMiniType>(schema: T, text?: string): z.ZodMiniOptional<T> => z.optional(text ? describe(schema, text) : schema);
export const positiveInt = (): z.ZodMiniNumber<number> => z.int().check(z.positive());
