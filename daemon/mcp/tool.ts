// What a Scry MCP tool is: a daemon method (its declaration gives the input
// and output schemas), a name, a description written for an agent that could
// also reach for grep, and its own annotations. The input is the method's
// params with `repo` optional (the server fills the git root of the agent's
// directory) and, for name queries, `name` offered as `symbol`.
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/mini';
import type { RequestType } from 'vscode-jsonrpc';
import type { MethodDecl, ParamsOf, ResultOf } from '../protocol';

export interface ToolContext {
  /** One request to the daemon; the first call connects (and spawns the daemon if none runs). */
  request<P, R>(type: RequestType<P, R, void>, params: P): Promise<R>;
  /** The repository an agent means: the path it gave, else the git root of the server's working directory. */
  repo(given: string | undefined): string;
}

/** A read-only query: no side effects, same answer for the same index. */
export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export interface ScryTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly annotations: ToolAnnotations;
  readonly method: MethodDecl;
  /** Input schema as a raw shape, derived from the method's params. */
  readonly input: Record<string, z.core.$ZodType>;
  /** Output schema: the method's result. */
  readonly output: z.core.$ZodType;
  /** Turns the tool's arguments into the method's params and asks the daemon. */
  run(args: Record<string, unknown>, ctx: ToolContext): Promise<ResultOf<MethodDecl>>;
  /**
   * The compact text the model reads instead of the JSON (memory tools). Such
   * a tool takes `format` ("text" by default, "json" for the full answer as
   * structuredContent) and declares no output schema, since clients hand the
   * model structuredContent whenever a result has one.
   */
  readonly text?: (result: never) => string;
}

const repoField = z.optional(
  z.string().check(z.describe('Absolute path of the repository to ask about. Default: the git root of the directory the agent was started in.')),
);

export interface ToolSpec {
  name: string;
  title: string;
  description: string;
  annotations: ToolAnnotations;
  /** Params fields offered under another name (`name` as `symbol`). */
  rename?: Readonly<Record<string, string>>;
  text?: (result: never) => string;
  /** Params fields the tool fills itself (a memory tool's `cwd`: the agent's directory). */
  fill?: (params: Record<string, unknown>, ctx: ToolContext) => void;
}

const formatField = z.optional(
  z.enum(['text', 'json']).check(z.describe('text (default): a compact answer to read; json: the full answer as structured JSON, for a program.')),
);

/** Annotations of a tool that writes (remember): not read-only, not destructive, idempotent (the same text is one fact). */
export const WRITES: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export function defineTool<D extends MethodDecl>(method: D, spec: ToolSpec): ScryTool {
  const shape = method.params._zod.def.shape as Record<string, z.core.$ZodType>;
  const rename = spec.rename ?? {};
  const input: Record<string, z.core.$ZodType> = {};
  for (const [field, schema] of Object.entries(shape)) input[rename[field] ?? field] = field === 'repo' ? repoField : schema;
  if (spec.text) input.format = formatField;
  const back = Object.fromEntries(Object.entries(rename).map(([field, as]) => [as, field]));
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    annotations: { title: spec.title, ...spec.annotations },
    method,
    input,
    output: method.result,
    ...(spec.text ? { text: spec.text } : {}),
    run: (args, ctx) => {
      const params: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(args)) if (value !== undefined && !(spec.text && key === 'format')) params[back[key] ?? key] = value;
      if ('repo' in shape || 'repo' in args) params.repo = ctx.repo(typeof args.repo === 'string' ? args.repo : undefined);
      spec.fill?.(params, ctx);
      return ctx.request(method.type, params as ParamsOf<D>);
    },
  };
}
