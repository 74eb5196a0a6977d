// What a Scry MCP tool is: a daemon method (its declaration gives the input
// and output schemas), a name, a description written for an agent that could
// also reach for grep, and its own annotations. The input is the method's
// params with `repo` optional (the server fills the git root of the agent's
// directory), for name queries `name` offered as `symbol`, and `format`: what
// the model reads is the compact text unless it asks for JSON.
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/mini';
import type { RequestType } from 'vscode-jsonrpc';
import { DaemonMethodMissingError } from './daemon-link';
import { Compact, COMPACT_FORMATTERS, type Formatter, type MethodDecl, type ParamsOf, type ResultOf } from '../protocol';

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
  /** The method's result schema (the shape of `format: "json"` answers). */
  readonly output: z.core.$ZodType;
  /** Turns the tool's arguments into the method's params and asks the daemon. */
  run(args: Record<string, unknown>, ctx: ToolContext): Promise<ResultOf<MethodDecl>>;
  /** The answer as the model reads it: compact text, or JSON on request. */
  render(args: Record<string, unknown>, result: ResultOf<MethodDecl>): CallToolResult;
  /** run then render, with the compact text rendered by the daemon where it can (scry/compact); `total` for the call log. */
  answer(args: Record<string, unknown>, ctx: ToolContext): Promise<{ rendered: CallToolResult; total?: number }>;
}

/** Bytes of compact text an answer stays within unless the agent sets `budget` (about 2k tokens). */
export const DEFAULT_BUDGET = 8000;

const formatField = z.optional(
  z.enum(['compact', 'json']).check(z.describe('compact (default): text for reading. json: the full structured answer, for a program.')),
);

const repoField = z.optional(
  z.string().check(z.describe('Absolute path of the repository to ask about. Default: the git root of the directory the agent was started in.')),
);

export interface ToolSpec<D extends MethodDecl = MethodDecl> {
  name: string;
  title: string;
  description: string;
  annotations: ToolAnnotations;
  /** Params fields offered under another name (`name` as `symbol`). */
  rename?: Readonly<Record<string, string>>;
  /** The tool's own compact renderer (the memory tools); default: the compact form of its method's answer. */
  text?: Formatter<D>;
  /** Params fields the tool fills itself (a memory tool's `cwd`: the agent's directory). */
  fill?: (params: Record<string, unknown>, ctx: ToolContext) => void;
  /** `budget` when the agent gives none: DEFAULT_BUDGET (bytes, the code tools), or `daemon` for a method whose budget means something else (recall's tokens). */
  defaultBudget?: 'daemon';
}

/** Annotations of a tool that writes (remember): not read-only, not destructive, idempotent (the same text is one fact). */
export const WRITES: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export function defineTool<D extends MethodDecl>(method: D, spec: ToolSpec<D>): ScryTool {
  const shape = method.params._zod.def.shape as Record<string, z.core.$ZodType>;
  const rename = spec.rename ?? {};
  const input: Record<string, z.core.$ZodType> = {};
  for (const [field, schema] of Object.entries(shape)) input[rename[field] ?? field] = field === 'repo' ? repoField : schema;
  input.format = formatField;
  const back = Object.fromEntries(Object.entries(rename).map(([field, as]) => [as, field]));
  // A tool's own text renderer (the memory tools) or the compact form of its method's answer.
  const own = spec.text;
  const compact = own ? (r: unknown) => own(r as ResultOf<D>) : COMPACT_FORMATTERS[method.method];
  const params = (args: Record<string, unknown>, ctx: ToolContext): ParamsOf<D> => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(args)) if (value !== undefined && key !== 'format') out[back[key] ?? key] = value;
    if ('repo' in shape || 'repo' in args) out.repo = ctx.repo(typeof args.repo === 'string' ? args.repo : undefined);
    if ('budget' in shape && out.budget === undefined && spec.defaultBudget !== 'daemon') out.budget = DEFAULT_BUDGET;
    spec.fill?.(out, ctx);
    return out as ParamsOf<D>;
  };
  const run = (args: Record<string, unknown>, ctx: ToolContext): Promise<ResultOf<D>> => ctx.request(method.type, params(args, ctx)) as Promise<ResultOf<D>>;
  const render = (args: Record<string, unknown>, result: unknown): CallToolResult => {
    // Claude Code and VS Code hand the model JSON.stringify(structuredContent)
    // whenever a result has one and drop the text, so the compact answer goes
    // out alone; structuredContent only when JSON was asked for.
    if (args.format === 'json' || !compact) {
      const text = JSON.stringify(result);
      return args.format === 'json'
        ? { content: [{ type: 'text', text }], structuredContent: result as Record<string, unknown> }
        : { content: [{ type: 'text', text }] };
    }
    return { content: [{ type: 'text', text: compact(result) }] };
  };
  // The daemon renders the compact form itself when it has the method's formatter (not a tool's own renderer).
  const remote = !own && compact !== undefined;
  let daemonCompacts = true;
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    annotations: { title: spec.title, ...spec.annotations },
    method,
    input,
    output: method.result,
    run,
    render,
    answer: async (args, ctx) => {
      if (remote && daemonCompacts && args.format !== 'json') {
        try {
          const r = await ctx.request(Compact.type, { method: method.method, params: params(args, ctx) });
          return { rendered: { content: [{ type: 'text', text: r.text }] }, total: r.total };
        } catch (err) {
          // A daemon from before scry/compact: render here from then on.
          if (!(err instanceof DaemonMethodMissingError && err.method === Compact.method)) throw err;
          daemonCompacts = false;
        }
      }
      const result = (await run(args, ctx)) as { total?: unknown };
      return { rendered: render(args, result), total: typeof result.total === 'number' ? result.total : undefined };
    },
  };
}
