// Laravel's string references: views, config keys, route names and
// translation keys are named by strings (`view('users.show')`,
// `config('services.x.key')`, `route('users.show')`, `__('messages.hi')`),
// and defined by where files sit (resources/views/users/show.blade.php) or by
// array keys (config/services.php, lang/en/messages.php) or by `->name(...)`
// in routes/. Each becomes a symbol named by the string, so `scry refs
// services.x.key` and `scry defs users.show` answer with file and line.
import type { Node } from 'web-tree-sitter';
import { descriptor, Kind, type FacadeFacts, type Range, type Reference } from '../syntactic/facts';
import { findFirst, stringValue } from './php-nodes';

export type StringKind = 'view' | 'config' | 'route' | 'lang';

const KINDS: Record<StringKind, number> = { view: Kind.File, config: Kind.Key, route: Kind.Key, lang: Kind.Key };

export const stringKey = (kind: StringKind, name: string): string => `${kind}/${descriptor(name)}.`;
const STRING_KEY = /^(view|config|route|lang)\/(`(?:[^`]|``)*`|[\w$+-]+)\.$/;

/**
 * What scip-php cannot see, kept beside its output: a string naming a view,
 * config key, route or translation (with the definitions of those), and a
 * facade call, which counts for the facade's method and its backing class's.
 */
export function isLaravelEdge(reference: Reference, keys: readonly string[]): boolean {
  const t = reference.target;
  if (t.type === 'symbol') return STRING_KEY.test(t.key);
  // A static call resolves to two keys only through a facade; scip-php has a plain one already.
  return t.type === 'static' && keys.length > 1;
}

/** Helper or facade method (lower case) -> which argument names what. */
const HELPERS: Record<string, { kind: StringKind; arg: number; defines?: boolean }> = {
  view: { kind: 'view', arg: 0 },
  'view::make': { kind: 'view', arg: 0 },
  'view::exists': { kind: 'view', arg: 0 },
  'route::view': { kind: 'view', arg: 1 },
  config: { kind: 'config', arg: 0 },
  'config::get': { kind: 'config', arg: 0 },
  'config::set': { kind: 'config', arg: 0 },
  'config::has': { kind: 'config', arg: 0 },
  route: { kind: 'route', arg: 0 },
  to_route: { kind: 'route', arg: 0 },
  'url::route': { kind: 'route', arg: 0 },
  'redirect::route': { kind: 'route', arg: 0 },
  '->name': { kind: 'route', arg: 0, defines: true },
  '->route': { kind: 'route', arg: 0 },
  __: { kind: 'lang', arg: 0 },
  trans: { kind: 'lang', arg: 0 },
  trans_choice: { kind: 'lang', arg: 0 },
  'lang::get': { kind: 'lang', arg: 0 },
  'lang::has': { kind: 'lang', arg: 0 },
};

/** The string reference a call makes, if `callee` is one of Laravel's helpers and the argument is a literal. */
export function stringReference(callee: string, args: Node | null | undefined, offset: number, prefix = ''): Reference | undefined {
  const helper = HELPERS[callee];
  if (!helper || !args) return undefined;
  const arg = args.namedChildren.filter((c) => c.type === 'argument')[helper.arg + offset]?.namedChildren[0];
  const literal = arg && literalOf(arg);
  if (!literal) return undefined;
  // A translation key is `file.key`; a JSON-file string ("Welcome!") has no definition to find.
  if (helper.kind === 'lang' && !/^[\w-]+(\.[\w-]+)+$/.test(literal.value)) return undefined;
  // A route named inside `Route::name('admin.')->group(...)` is `admin.` + its name.
  return reference(helper.kind, helper.defines ? `${prefix}${literal.value}` : literal.value, literal.range, helper.defines ? literal.range : undefined);
}

/** The literal string a call's first argument is, if it is one. */
export function firstStringArgument(args: Node | null | undefined): string | undefined {
  const arg = args?.namedChildren.find((c) => c.type === 'argument')?.namedChildren[0];
  return arg ? literalOf(arg)?.value : undefined;
}

/** `['as' => 'admin.', ...]`: the route group's name prefix. */
export function groupPrefixOf(array: Node | undefined): string | undefined {
  if (array?.type !== 'array_creation_expression') return undefined;
  for (const el of array.namedChildren) {
    const [k, v] = el.namedChildren;
    if (el.type === 'array_element_initializer' && k && v && literalOf(k)?.value === 'as') return literalOf(v)?.value;
  }
  return undefined;
}

function reference(kind: StringKind, name: string, range: Range, definesExtent?: Range): Reference {
  return {
    range,
    target: { type: 'symbol', key: stringKey(kind, name) },
    call: false,
    ...(definesExtent ? { defines: { kind: KINDS[kind], name, extent: definesExtent } } : {}),
  };
}

/** A plain string literal's value and the range of its content (inside the quotes). */
function literalOf(n: Node): { value: string; range: Range } | undefined {
  if (n.type !== 'string' && n.type !== 'encapsed_string') return undefined;
  const parts = n.namedChildren;
  if (parts.length !== 1 || parts[0]!.type !== 'string_content') return undefined;
  const p = parts[0]!;
  return { value: p.text, range: [p.startPosition.row, p.startPosition.column, p.endPosition.row, p.endPosition.column] };
}

/** What a file defines by where it sits: a view, or the keys of a config or translation file. */
export function laravelFileReferences(path: string, root: Node): Reference[] {
  const view = viewName(path);
  if (view) return [viewDefinition(view)];
  const config = /^config\/(.+)\.php$/.exec(path);
  if (config) return arrayKeys('config', config[1]!.split('/').join('.'), root);
  const lang = /^(?:resources\/)?lang\/(?!vendor\/)[\w-]+\/(.+)\.php$/.exec(path);
  if (lang) return arrayKeys('lang', lang[1]!.split('/').join('.'), root);
  return [];
}

/** A view is defined by its file: at the file's start. */
export const viewDefinition = (view: string): Reference => reference('view', view, [0, 0, 0, 0], [0, 0, 0, 0]);

/** resources/views/users/show.blade.php -> users.show */
export function viewName(path: string): string | undefined {
  const m = /^resources\/views\/(.+?)(?:\.blade)?\.php$/.exec(path);
  return m ? m[1]!.split('/').join('.') : undefined;
}

/** Every key of the array a config or lang file returns, as a dotted path from the file's name. */
function arrayKeys(kind: StringKind, prefix: string, root: Node): Reference[] {
  const out: Reference[] = [];
  const ret = root.namedChildren.find((c) => c.type === 'return_statement');
  const array = ret?.namedChildren[0];
  if (array?.type !== 'array_creation_expression') return out;
  const walk = (a: Node, path: string, depth: number): void => {
    if (depth > 16) return;
    for (const el of a.namedChildren) {
      if (el.type !== 'array_element_initializer' || !el.children.some((c) => c.type === '=>')) continue;
      const [k, v] = el.namedChildren;
      const literal = k && literalOf(k);
      if (!literal) continue;
      const name = `${path}.${literal.value}`;
      out.push(reference(kind, name, literal.range, [el.startPosition.row, el.startPosition.column, el.endPosition.row, el.endPosition.column]));
      if (v?.type === 'array_creation_expression') walk(v, name, depth + 1);
    }
  };
  walk(array, prefix, 0);
  return out;
}

const BLADE_VIEW = /@(extends|include|includeIf|includeFirst|each|component)\(\s*(['"])([\w.:-]+)\2/g;
const BLADE_COMPONENT = /<x-([\w.-]+)/g;
const BLADE_CALLS = /(?<![\w$]|->|::)(@lang|__|trans|trans_choice|route|config|view)\(\s*(['"])([^'"\n]+)\2/g;

/**
 * A Blade template's references, by line: its directives and components, and
 * the helpers its `{{ }}` expressions call. Blade is no grammar tree-sitter
 * has; these forms are regular enough for regular expressions, which always
 * advance.
 */
export function bladeReferences(text: string): Reference[] {
  const out: Reference[] = [];
  const lines = text.split('\n');
  for (let row = 0; row < lines.length; row++) {
    const line = lines[row]!;
    if (line.length > 10_000) continue;
    const at = (index: number, value: string): Range => {
      const col = line.indexOf(value, index);
      return [row, col, row, col + value.length];
    };
    for (const m of line.matchAll(BLADE_VIEW)) out.push(reference('view', m[3]!, at(m.index, m[3]!)));
    for (const m of line.matchAll(BLADE_COMPONENT)) {
      // <x-alert> renders resources/views/components/alert.blade.php; <x-slot> is Blade's own.
      if (m[1] === 'slot' || m[1]!.startsWith('slot:') || m[1]!.includes('::')) continue;
      out.push(reference('view', `components.${m[1]}`, at(m.index, m[1]!)));
    }
    for (const m of line.matchAll(BLADE_CALLS)) {
      const fn = m[1] === '@lang' ? '__' : m[1]!;
      const helper = HELPERS[fn]!;
      if (helper.kind === 'lang' && !/^[\w-]+(\.[\w-]+)+$/.test(m[3]!)) continue;
      out.push(reference(helper.kind, m[3]!, at(m.index + m[1]!.length, m[3]!)));
    }
  }
  return out;
}

/**
 * The Laravel side of walking one PHP file, called by the PHP walker at the
 * nodes that carry it: string references in calls (`view('x')`,
 * `Config::get('x')`, `->route('x')`), route names under `->name('admin.')`
 * and `Route::group(['as' => ...])` prefixes, facades (getFacadeAccessor) and
 * container bindings. Class names resolve through the walker's imports.
 */
export class LaravelWalk {
  /** Route name prefixes of the enclosing `->name('admin.')->group(...)` calls. */
  private readonly routePrefixes: string[] = [];
  /** `->name()` calls that name a group (a prefix), not a route. */
  private readonly groupNames = new Set<number>();

  constructor(
    private readonly path: string,
    private readonly classKeyOf: (text: string) => string | undefined,
    private readonly out: { references: Reference[]; facades: FacadeFacts[]; bindings: Array<[string, string]> },
  ) {}

  /** An unqualified function call: `view('users.show')`, `config('x')`, `__('x')`. */
  functionCalled(name: string, args: Node | null): void {
    this.push(stringReference(name.toLowerCase(), args, 0));
  }

  /**
   * `Class::method(...)` on a resolved class: a route group's body is visited
   * under its name prefix (returns true: the arguments were visited), and a
   * facade call's string argument is a reference.
   */
  staticCalled(scope: string, name: string, args: Node | null, visit: (args: Node) => void): boolean {
    const groupAs = name === 'group' ? groupPrefixOf(args?.namedChildren.find((c) => c.type === 'argument')?.namedChildren[0]) : undefined;
    if (groupAs !== undefined && args) {
      this.routePrefixes.push(groupAs);
      visit(args);
      this.routePrefixes.pop();
      return true;
    }
    const facadeShort = scope.replace(/^\\/, '').split('\\').pop()!;
    this.push(stringReference(`${facadeShort}::${name}`.toLowerCase(), args, 0));
    return false;
  }

  /** `->name('users.show')` in routes/ defines a route name; `->route('x')` uses one; `->bind(key, X::class)` binds a class. */
  methodCalled(call: Node, name: string, args: Node | null): void {
    if (name === 'name' && /^routes\//.test(this.path) && !this.groupNames.has(call.id))
      this.push(stringReference('->name', args, 0, this.routePrefixes.join('')));
    if (name === 'route') this.push(stringReference('->route', args, 0));
    if (/^(bind|singleton|scoped|instance)$/.test(name) && args) this.binding(args);
  }

  /** Visits a group's arguments under the name prefix its chain gave it. */
  underGroup(prefix: string | undefined, visit: () => void): void {
    if (prefix !== undefined) this.routePrefixes.push(prefix);
    visit();
    if (prefix !== undefined) this.routePrefixes.pop();
  }

  /** `Route::prefix('a')->name('admin.')`: the name prefix the chain gives a group, marking its name() calls as no routes. */
  groupPrefix(chain: Node): string | undefined {
    let prefix: string | undefined;
    for (let c: Node | null = chain, i = 0; c && i < 16; c = c.childForFieldName(c.type === 'scoped_call_expression' ? 'scope' : 'object'), i++) {
      if (c.type !== 'member_call_expression' && c.type !== 'scoped_call_expression') break;
      const method = c.childForFieldName('name')?.text;
      if (method === 'name' || method === 'as') {
        const value = firstStringArgument(c.childForFieldName('arguments'));
        if (value !== undefined) {
          prefix = value + (prefix ?? '');
          this.groupNames.add(c.id);
        }
      }
    }
    return prefix;
  }

  /** After a class: with getFacadeAccessor() it is a facade, with what it returns and which classes its docblock's `@see` names. */
  classDeclared(n: Node, key: string, body: Node | null): void {
    const accessor = body?.namedChildren.find((m) => m.type === 'method_declaration' && m.childForFieldName('name')?.text === 'getFacadeAccessor');
    if (!accessor) return;
    const facade: FacadeFacts = { key, see: [] };
    const returned = findFirst(accessor.childForFieldName('body'), 'return_statement')?.namedChildren[0];
    if (returned && (returned.type === 'string' || returned.type === 'encapsed_string'))
      facade.accessor = { kind: 'string', value: stringValue(returned) ?? '' };
    else if (returned?.type === 'class_constant_access_expression' && returned.namedChildren[1]?.text === 'class') {
      const k = this.classKeyOf(returned.namedChildren[0]!.text);
      if (k) facade.accessor = { kind: 'class', key: k };
    }
    let doc = n.previousNamedSibling;
    while (doc?.type === 'attribute_list') doc = doc.previousNamedSibling;
    if (doc?.type === 'comment') {
      for (const m of doc.text.matchAll(/@see\s+(\\?[A-Za-z_][\w\\]*)/g)) {
        const k = this.classKeyOf(m[1]!);
        if (k) facade.see.push(k);
      }
    }
    this.out.facades.push(facade);
  }

  private binding(args: Node): void {
    const [a, b] = args.namedChildren.filter((c) => c.type === 'argument').map((c) => c.namedChildren[0]);
    const key = a ? stringValue(a) : undefined;
    if (key === undefined || b?.type !== 'class_constant_access_expression' || b.namedChildren[1]?.text !== 'class') return;
    const k = this.classKeyOf(b.namedChildren[0]!.text);
    if (k) this.out.bindings.push([key, k]);
  }

  private push(reference: Reference | undefined): void {
    if (reference) this.out.references.push(reference);
  }
}
