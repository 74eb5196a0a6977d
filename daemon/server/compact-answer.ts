// scry/compact: a method's answer rendered as its compact text where it is
// built. The MCP server's compact tools ask this, so a refs answer crosses the
// socket as its few KB of text instead of its whole JSON, which the MCP
// process would parse only to render (see protocol/daemon.ts Compact).
import { InvalidParamsError } from '../errors';
import * as P from '../protocol';
import type { Handler } from '../domain';

export async function compactAnswer(table: ReadonlyMap<string, Handler>, p: P.CompactParams): Promise<P.CompactResult> {
  const h = table.get(p.method);
  const format = P.COMPACT_FORMATTERS[p.method];
  if (!h || !format)
    throw new InvalidParamsError(`invalid params for ${P.Compact.method}: method '${p.method}' has no compact form (the code queries have one)`);
  const checked = P.checkParams(h.decl, p.params);
  if (!checked.ok) throw new InvalidParamsError(checked.message);
  const result: unknown = await h.run(checked.params);
  const fields = result as { total?: unknown; suggestions?: unknown };
  return {
    text: format(result),
    ...(typeof fields.total === 'number' ? { total: fields.total } : {}),
    ...(Array.isArray(fields.suggestions) ? { unknown_name: true } : {}),
  };
}
