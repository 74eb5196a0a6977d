// What a Scry MCP tool is: a name, a description written for an agent that
// could also reach for grep, zod schemas in and out, and a few-line adapter
// over the daemon. index.ts turns these into SDK registrations.
import type { RequestType } from 'vscode-jsonrpc';
import type { z } from 'zod';

export interface ToolContext {
  /** One request to the daemon; the first call connects (and spawns the daemon if none runs). */
  request<P, R>(type: RequestType<P, R, void>, params: P): Promise<R>;
  /** The repository an agent means: the path it gave, else the git root of the server's working directory. */
  repo(given: string | undefined): string;
}

export interface ScryTool<In extends z.ZodRawShape = z.ZodRawShape, Out extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: In;
  output: Out;
  /** Returns the daemon's answer, which must satisfy `output`. */
  run(args: z.infer<z.ZodObject<In>>, ctx: ToolContext): Promise<object>;
}

/** Checks a tool against its own schemas, then erases the types so tools can share one list. */
export function defineTool<In extends z.ZodRawShape, Out extends z.ZodRawShape>(tool: ScryTool<In, Out>): ScryTool {
  return tool as unknown as ScryTool;
}
