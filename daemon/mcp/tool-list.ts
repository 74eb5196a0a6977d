// What `tools/list` says about each tool. Every session of every agent loads
// it, so it says each thing once: no `$schema` per tool, no 2^53 bound on
// every integer, no title repeated inside the annotations, no task-support
// stanza, only the hints that matter and differ from MCP's defaults; the
// fields every query shares (repo, format, paging, a symbol's compound forms)
// are listed bare and explained once, in the server's instructions
// (SERVER_INSTRUCTIONS). The tool.description says when to use each.
import type { Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/mini';
import type { ScryTool } from './tool';

/** The fields every query shares, `lines` (refs, callers, callees) and `symbol` (its compound forms): explained once, in the server's instructions, and listed bare here. */
const SHARED = new Set(['repo', 'format', 'limit', 'budget', 'offset', 'symbol', 'memory', 'lines']);

/**
 * Field descriptions said shorter than their declarations (which the CLI's
 * help and the JSON answers' docs keep whole); the compound symbol forms are
 * listed once, in the instructions.
 */
const SHORTER: Readonly<Record<string, string>> = {
  kind: 'Only this kind: function, class, method, …',
  file: 'Repo-relative path.',
  entity: 'Name, alias or `#id`.',
  from: 'Name, alias or `#id`.',
  to: 'Name, alias or `#id`.',
  query: 'A name, an alias, or a question in words.',
  as_of: 'ISO time: answer as things were then.',
  text: 'The fact, in plain words.',
  cwd: 'Where it was learnt (default: the working directory).',
  at: 'ISO time it became true (default now).',
  all_refs: 'Every use, not just calls.',
  include_external: 'Also library symbols.',
  depth: 'Caller levels (default 3).',
  pattern: 'Part of a name: `processOrd`, `order repo`.',
  'entity[]': 'What it is about; `type:name` gives a new one its type.',
};

type Json = Record<string, unknown>;

export function listedTool(tool: ScryTool): Tool {
  const schema = z.toJSONSchema(z.object(tool.input), { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as Json;
  delete schema.$schema;
  delete schema.additionalProperties;
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  for (const [name, prop] of Object.entries(properties)) {
    const p = trim(prop);
    if (SHARED.has(name)) {
      delete p.description;
      delete p.minimum;
    } else {
      const key = p.type === 'array' ? `${name}[]` : name;
      if (key in SHORTER) p.description = SHORTER[key];
    }
    delete p.minLength;
    // An enum says its type (`format` on every tool: 16 bytes each).
    if (Array.isArray(p.enum) && p.enum.every((v) => typeof v === 'string')) delete p.type;
    properties[name] = p;
  }
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: schema as Tool['inputSchema'],
    annotations: hints(tool.annotations),
  };
}

/** Drops bounds that only restate a JSON number's range, in a property and its items. */
function trim(prop: Json): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(prop)) {
    if ((k === 'maximum' && v === Number.MAX_SAFE_INTEGER) || (k === 'minimum' && v === Number.MIN_SAFE_INTEGER)) continue;
    out[k] = k === 'items' && typeof v === 'object' && v !== null ? trim(v as Json) : v;
  }
  delete out.minLength;
  // `exclusiveMinimum: 0` on an integer is `minimum: 1`, said shorter.
  if (out.type === 'integer' && out.exclusiveMinimum === 0) {
    delete out.exclusiveMinimum;
    out.minimum = 1;
  }
  return out;
}

/**
 * The hints that differ from MCP's defaults (readOnly false, destructive
 * true, idempotent false); destructive and idempotent mean something only for
 * a tool that writes. openWorld (every tool here stays on this machine) is
 * left out: clients choose by read-only, and 13 copies of it cost 286 bytes.
 */
function hints(a: ToolAnnotations): ToolAnnotations {
  const out: ToolAnnotations = {};
  if (a.readOnlyHint) out.readOnlyHint = true;
  else {
    if (a.destructiveHint === false) out.destructiveHint = false;
    if (a.idempotentHint) out.idempotentHint = true;
  }
  return out;
}
