// Minimal textual edits to Claude Code's settings.json: only the members we
// add or remove change; every other byte (order, spacing, unrelated keys,
// odd formatting) stays as it was, and removing what we added gives back the
// original bytes. jsonc-parser locates the nodes; the splicing is ours, since
// its own modify() reformats the whole line around an edit.
import { ScryError } from '../errors';
import { findNodeAtLocation, parse, parseTree, printParseErrorCode, type JSONPath, type Node, type ParseError } from 'jsonc-parser';

export interface HookSpec {
  event: string;
  matcher?: string;
  command: string;
  /** Seconds Claude Code waits before giving up on the hook. */
  timeout?: number;
  /** A substring that marks a command as this hook of scry's, whatever path scry lives at. */
  marker: string;
}

export class SettingsParseError extends ScryError {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`${file} is not valid JSON (${detail}); it was not changed`, 'Fix it, or add the hooks shown above by hand');
  }
}

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseSettings(text: string, file: string): Record<string, Json> {
  if (text.trim() === '') return {};
  const errors: ParseError[] = [];
  const value = parse(text, errors, { allowTrailingComma: false, disallowComments: false });
  if (errors.length > 0) {
    const e = errors[0]!;
    const line = text.slice(0, e.offset).split('\n').length;
    throw new SettingsParseError(file, `${printParseErrorCode(e.error)} at line ${line}`);
  }
  if (!isObject(value)) throw new SettingsParseError(file, 'the top level is not an object');
  return value;
}

interface Layout {
  eol: string;
  /** One level of indentation as the file writes it. */
  unit: string;
}

/** The file's own indentation unit and line ending, so inserted lines look like their neighbours. */
export function layoutOf(text: string): Layout {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indents = [...text.matchAll(/^([ \t]+)\S/gm)].map((m) => m[1]!);
  const tab = indents.find((i) => i.startsWith('\t'));
  const spaces = indents.filter((i) => i.startsWith(' ')).map((i) => i.length);
  const unit = tab ? '\t' : spaces.length > 0 ? ' '.repeat(Math.min(...spaces)) : '  ';
  return { eol, unit };
}

const lineStart = (text: string, offset: number): number => text.lastIndexOf('\n', offset - 1) + 1;
const indentAt = (text: string, offset: number): string => /^[ \t]*/.exec(text.slice(lineStart(text, offset)))![0];
const sameLine = (text: string, a: number, b: number): boolean => !text.slice(a, b).includes('\n');

function pretty(value: Json, indent: string, layout: Layout): string {
  return JSON.stringify(value, null, layout.unit)
    .split('\n')
    .join(layout.eol + indent);
}

const splice = (text: string, from: number, to: number, insert: string): string => text.slice(0, from) + insert + text.slice(to);

function container(text: string, path: JSONPath): Node {
  const root = parseTree(text);
  const node = root && (path.length === 0 ? root : findNodeAtLocation(root, path));
  if (!node || (node.type !== 'object' && node.type !== 'array'))
    throw new SettingsParseError('settings.json', `no object or array at ${JSON.stringify(path)}`);
  return node;
}

/** Adds a member at the end of the object or array at `path` (`key` for objects). */
function append(text: string, path: JSONPath, key: string | undefined, value: Json): string {
  const node = container(text, path);
  const layout = layoutOf(text);
  const prefix = key === undefined ? '' : `${JSON.stringify(key)}: `;
  const children = node.children ?? [];
  const last = children[children.length - 1];
  const close = node.offset + node.length - 1;
  if (!last) {
    const outer = indentAt(text, node.offset);
    const inner = outer + layout.unit;
    return splice(text, node.offset + 1, close, `${layout.eol}${inner}${prefix}${pretty(value, inner, layout)}${layout.eol}${outer}`);
  }
  const end = last.offset + last.length;
  // A one-line container stays on one line.
  if (sameLine(text, node.offset, end)) return splice(text, end, end, `, ${prefix}${JSON.stringify(value)}`);
  const indent = indentAt(text, last.offset);
  return splice(text, end, end, `,${layout.eol}${indent}${prefix}${pretty(value, indent, layout)}`);
}

/** Removes the property or array item at `path` with its separator, exactly undoing append(). */
function remove(text: string, path: JSONPath): string {
  const root = parseTree(text);
  const found = root && findNodeAtLocation(root, path);
  if (!found) return text;
  const item = found.parent?.type === 'property' ? found.parent : found;
  const parent = item.parent!;
  const siblings = parent.children ?? [];
  const i = siblings.indexOf(item);
  const end = item.offset + item.length;
  if (i > 0) return splice(text, siblings[i - 1]!.offset + siblings[i - 1]!.length, end, '');
  if (siblings.length > 1) return splice(text, item.offset, siblings[1]!.offset, '');
  return splice(text, parent.offset + 1, parent.offset + parent.length - 1, '');
}

const isOurs = (hook: Json, marker: string): boolean =>
  isObject(hook) && typeof hook.command === 'string' && /\bscry\b/.test(hook.command) && hook.command.includes(marker);

function groupsOf(settings: Record<string, Json>, event: string): Json[] {
  const hooks = settings.hooks;
  if (!isObject(hooks)) return [];
  const groups = hooks[event];
  return Array.isArray(groups) ? groups : [];
}

/** Where the first hook of ours for `marker` sits: [group index, hook index]. */
function findOurs(settings: Record<string, Json>, event: string, marker: string): [number, number] | undefined {
  const groups = groupsOf(settings, event);
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g];
    if (!isObject(group) || !Array.isArray(group.hooks)) continue;
    const h = group.hooks.findIndex((hook) => isOurs(hook, marker));
    if (h >= 0) return [g, h];
  }
  return undefined;
}

function isInstalled(settings: Record<string, Json>, spec: HookSpec): boolean {
  const at = findOurs(settings, spec.event, spec.marker);
  if (!at) return false;
  const group = groupsOf(settings, spec.event)[at[0]] as Record<string, Json>;
  const hook = (group.hooks as Json[])[at[1]] as Record<string, Json>;
  return group.matcher === spec.matcher && hook.command === spec.command && hook.timeout === spec.timeout;
}

/** Removes one event's hooks of ours, then any container left empty by that. */
function removeOne(text: string, file: string, event: string, marker: string): string | undefined {
  const settings = parseSettings(text, file);
  const at = findOurs(settings, event, marker);
  if (!at) return undefined;
  const [g, h] = at;
  const groups = groupsOf(settings, event);
  const group = groups[g] as Record<string, Json>;
  if ((group.hooks as Json[]).length > 1) return remove(text, ['hooks', event, g, 'hooks', h]);
  if (groups.length > 1) return remove(text, ['hooks', event, g]);
  if (Object.keys(settings.hooks as Record<string, Json>).length > 1) return remove(text, ['hooks', event]);
  return remove(text, ['hooks']);
}

export function withoutHooks(text: string, file: string, specs: readonly Pick<HookSpec, 'event' | 'marker'>[]): string {
  let out = text;
  for (const spec of specs) {
    for (let next = removeOne(out, file, spec.event, spec.marker); next !== undefined; next = removeOne(out, file, spec.event, spec.marker)) out = next;
  }
  return out;
}

export function withHooks(text: string | undefined, file: string, specs: readonly HookSpec[]): string {
  const groupOf = (spec: HookSpec): Record<string, Json> => ({
    ...(spec.matcher !== undefined ? { matcher: spec.matcher } : {}),
    hooks: [{ type: 'command', command: spec.command, ...(spec.timeout !== undefined ? { timeout: spec.timeout } : {}) }],
  });
  if (text === undefined || text.trim() === '') {
    const hooks: Record<string, Json[]> = {};
    for (const spec of specs) (hooks[spec.event] ??= []).push(groupOf(spec));
    return `${JSON.stringify({ hooks }, null, 2)}\n`;
  }
  let out = text;
  for (const spec of specs) {
    if (isInstalled(parseSettings(out, file), spec)) continue;
    // An older hook of ours (another path, another matcher) gives way to this one.
    out = withoutHooks(out, file, [spec]);
    const settings = parseSettings(out, file);
    if (!('hooks' in settings)) out = append(out, [], 'hooks', { [spec.event]: [groupOf(spec)] });
    else if (!isObject(settings.hooks)) throw new SettingsParseError(file, "its 'hooks' is not an object");
    else if (!(spec.event in settings.hooks)) out = append(out, ['hooks'], spec.event, [groupOf(spec)]);
    else if (!Array.isArray(settings.hooks[spec.event])) throw new SettingsParseError(file, `its 'hooks.${spec.event}' is not an array`);
    else out = append(out, ['hooks', spec.event], undefined, groupOf(spec));
  }
  return out;
}

/** Older setups wrote the server into settings.json by hand; Claude Code reads MCP servers elsewhere now. */
export function withoutStaleMcpServer(text: string, file: string, name: string): string {
  const settings = parseSettings(text, file);
  const servers = settings.mcpServers;
  if (!isObject(servers) || !(name in servers)) return text;
  if (Object.keys(servers).length === 1) return remove(text, ['mcpServers']);
  return remove(text, ['mcpServers', name]);
}

/** The change as a person reads it: removed lines with '-', added with '+', two lines of context. */
export function lineDiff(before: string, after: string, label: string): string {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const from = Math.max(0, start - 2);
  const out = [`--- ${label}`, `+++ ${label} (after)`, `@@ line ${from + 1} @@`];
  for (let i = from; i < start; i++) out.push(`  ${a[i]}`);
  for (let i = start; i < endA; i++) out.push(`- ${a[i]}`);
  for (let i = start; i < endB; i++) out.push(`+ ${b[i]}`);
  for (let i = endA; i < Math.min(a.length, endA + 2); i++) out.push(`  ${a[i]}`);
  return `${out.join('\n')}\n`;
}
