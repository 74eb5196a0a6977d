// PHP facts from a tree-sitter-php tree. PHP's name resolution is lexical:
// a class name means what the file's `namespace` and `use` imports make it,
// so that much is exact. Receivers are typed where the source declares them
// ($this, self/static/parent, typed and promoted parameters, typed properties,
// `new X` assignments, declared return types); a call on anything else is
// recorded as unresolved, never bound to a same-named method elsewhere.
// This file walks the tree and reads declarations (a class body's
// properties, constants and enum cases in php-members.ts); php-references.ts
// reads the references, laravel.ts (with facades.ts) what Laravel adds.
import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import type { Node } from 'web-tree-sitter';
import { classKey, Kind, memberKey, type Definition, type FileFacts, type Receiver, type Target } from '../syntactic/facts';
import { bladeReferences, isLaravelEdge, laravelFileReferences, LaravelWalk, viewDefinition, viewName } from './laravel';
import type { SyntacticReader, SyntaxRules } from '../syntactic/reader';
import { BUILTIN_ACCESSORS, BUILTIN_ALIASES, BUILTIN_FACADE_CLASSES } from './facades';
import { constantKey, functionKey, keyToFqn, lastName, PRIMITIVES, rangeOf, trimSlash, variableName } from './php-nodes';
import {
  array,
  assignment,
  attribute,
  binary,
  catchClause,
  classConstant,
  classNames,
  creation,
  functionCall,
  memberAccess,
  memberCall,
  scopedCall,
  scopedProperty,
  typeReference,
} from './php-references';
import { constDeclaration, enumCase, propertyDeclaration, typeOf } from './php-members';
import type { ClassFrame, PhpFacts, PhpWalk, Scope } from './php-walk';

const CLASS_DECLARATIONS: Record<string, number> = {
  class_declaration: Kind.Class,
  interface_declaration: Kind.Interface,
  trait_declaration: Kind.Trait,
  enum_declaration: Kind.Enum,
};

function phpFacts(root: Node, path: string): FileFacts {
  return new PhpWalker(path).run(root);
}

class PhpWalker implements PhpWalk {
  namespace = '';
  private classes = new Map<string, string>();
  functions = new Map<string, string>();
  private constants = new Map<string, string>();
  private readonly cls: ClassFrame[] = [];
  private readonly scopes: Scope[] = [{ vars: new Map() }];
  readonly out: PhpFacts;
  /** Laravel's strings, facades and bindings, read at the calls and classes that carry them. */
  readonly laravel: LaravelWalk;

  constructor(private readonly path: string) {
    this.out = { path, language: 'php', definitions: [], references: [], types: new Map(), facades: [], bindings: [] };
    this.laravel = new LaravelWalk(path, (text) => this.classKeyOf(text), this.out);
  }

  run(root: Node): PhpFacts {
    this.visit(root);
    this.out.references.push(...laravelFileReferences(this.path, root));
    return this.out;
  }

  get scope(): Scope {
    return this.scopes[this.scopes.length - 1]!;
  }

  get currentClass(): ClassFrame | undefined {
    return this.cls[this.cls.length - 1];
  }

  /** Walks children; the handlers below visit what they do not consume themselves. */
  visitChildren(n: Node): void {
    for (const c of n.namedChildren) this.visit(c);
  }

  visit(n: Node): void {
    switch (n.type) {
      case 'namespace_definition':
        return this.namespaceDefinition(n);
      case 'namespace_use_declaration':
        return this.useDeclaration(n);
      case 'class_declaration':
      case 'interface_declaration':
      case 'trait_declaration':
      case 'enum_declaration':
        return this.classDeclaration(n);
      case 'method_declaration':
        return this.functionLike(n, 'method');
      case 'function_definition':
        return this.functionLike(n, 'function');
      case 'anonymous_function':
      case 'arrow_function':
        return this.closure(n);
      case 'property_declaration':
        return propertyDeclaration(this, n);
      case 'const_declaration':
        return constDeclaration(this, n);
      case 'enum_case':
        return enumCase(this, n);
      case 'use_declaration':
        return this.traitUse(n);
      case 'assignment_expression':
        return assignment(this, n);
      case 'function_call_expression':
        return functionCall(this, n);
      case 'scoped_call_expression':
        return scopedCall(this, n);
      case 'member_call_expression':
      case 'nullsafe_member_call_expression':
        return memberCall(this, n);
      case 'member_access_expression':
      case 'nullsafe_member_access_expression':
        return memberAccess(this, n);
      case 'object_creation_expression':
        return creation(this, n);
      case 'class_constant_access_expression':
        return classConstant(this, n);
      case 'scoped_property_access_expression':
        return scopedProperty(this, n);
      case 'named_type':
        return typeReference(this, n);
      case 'binary_expression':
        return binary(this, n);
      case 'catch_clause':
        return catchClause(this, n);
      case 'attribute':
        return attribute(this, n);
      case 'array_creation_expression':
        return array(this, n);
      // An anonymous class's `extends`/`implements` (class declarations read theirs themselves).
      case 'base_clause':
      case 'class_interface_clause':
        return classNames(this, n);
      case 'comment':
      case 'text':
      case 'string_content':
        return;
      default:
        return this.visitChildren(n);
    }
  }

  private namespaceDefinition(n: Node): void {
    this.namespace = n.childForFieldName('name')?.text ?? '';
    this.classes = new Map();
    this.functions = new Map();
    this.constants = new Map();
    const body = n.childForFieldName('body');
    if (body) this.visitChildren(body);
  }

  /** `use A\B;`, `use A\B as C;`, `use function A\f;`, `use A\{B, C as D};` */
  private useDeclaration(n: Node): void {
    const kindOf = (node: Node): 'class' | 'function' | 'const' => {
      for (const c of node.children) {
        if (c.type === 'function') return 'function';
        if (c.type === 'const') return 'const';
      }
      return 'class';
    };
    const declared = kindOf(n);
    let prefix = '';
    const group = n.childForFieldName('body');
    for (const c of n.namedChildren) if (c.type === 'namespace_name') prefix = c.text;
    const clauses = group
      ? group.namedChildren.filter((c) => c.type === 'namespace_use_clause')
      : n.namedChildren.filter((c) => c.type === 'namespace_use_clause');
    for (const clause of clauses) {
      const kind = clause.children.some((c) => c.type === 'function') ? 'function' : clause.children.some((c) => c.type === 'const') ? 'const' : declared;
      const alias = clause.childForFieldName('alias');
      const nameNode = clause.namedChildren.find((c) => c !== alias && (c.type === 'name' || c.type === 'qualified_name'));
      if (!nameNode) continue;
      const fqn = trimSlash(prefix ? `${prefix}\\${nameNode.text}` : nameNode.text);
      const short = alias?.text ?? fqn.split('\\').pop()!;
      const last = lastName(nameNode);
      if (kind === 'function') {
        this.functions.set(short.toLowerCase(), fqn);
        this.ref(last, { type: 'symbol', key: functionKey(fqn) }, false, true);
      } else if (kind === 'const') {
        this.constants.set(short, fqn);
        this.ref(last, { type: 'symbol', key: constantKey(fqn) }, false, true);
      } else {
        this.classes.set(short.toLowerCase(), fqn);
        this.ref(last, { type: 'symbol', key: classKey(fqn) }, false, true);
      }
      if (alias)
        this.ref(alias, { type: 'symbol', key: kind === 'function' ? functionKey(fqn) : kind === 'const' ? constantKey(fqn) : classKey(fqn) }, false, true);
    }
  }

  /** A class name as written -> its fully qualified name, or undefined for a primitive. */
  resolveClassName(text: string): string | undefined {
    const lower = text.toLowerCase();
    if (lower === 'self' || lower === 'static' || lower === '$this') return this.currentClass ? keyToFqn(this.currentClass.key) : undefined;
    if (lower === 'parent') return this.currentClass?.parent ? keyToFqn(this.currentClass.parent) : undefined;
    if (PRIMITIVES.has(lower)) return undefined;
    if (text.startsWith('\\')) return trimSlash(text);
    if (lower.startsWith('namespace\\')) return this.qualify(text.slice('namespace\\'.length));
    const slash = text.indexOf('\\');
    const first = slash < 0 ? text : text.slice(0, slash);
    const imported = this.classes.get(first.toLowerCase());
    if (imported) return slash < 0 ? imported : `${imported}${text.slice(slash)}`;
    return this.qualify(text);
  }

  qualify(text: string): string {
    return this.namespace ? `${this.namespace}\\${text}` : text;
  }

  classKeyOf(text: string): string | undefined {
    const fqn = this.resolveClassName(text);
    return fqn === undefined ? undefined : classKey(fqn);
  }

  private classDeclaration(n: Node): void {
    const nameNode = n.childForFieldName('name');
    if (!nameNode) return this.visitChildren(n);
    const key = classKey(this.qualify(nameNode.text));
    const supers: string[] = [];
    let parent: string | undefined;
    for (const c of n.namedChildren) {
      if (c.type !== 'base_clause' && c.type !== 'class_interface_clause') continue;
      for (const s of c.namedChildren) {
        if (s.type !== 'name' && s.type !== 'qualified_name') continue;
        const k = this.classKeyOf(s.text);
        if (!k) continue;
        supers.push(k);
        if (c.type === 'base_clause' && n.type === 'class_declaration') parent = k;
        this.ref(lastName(s), { type: 'symbol', key: k }, false);
      }
    }
    const def: Definition = { key, name: nameNode.text, kind: CLASS_DECLARATIONS[n.type] ?? Kind.Class, range: rangeOf(nameNode), extent: rangeOf(n), supers };
    this.out.definitions.push(def);
    this.cls.push({ key, parent });
    this.scopes.push({ vars: new Map() });
    const body = n.childForFieldName('body');
    if (body) this.visitChildren(body);
    this.scopes.pop();
    this.cls.pop();
    this.laravel.classDeclared(n, key, body);
  }

  private traitUse(n: Node): void {
    const frame = this.currentClass;
    for (const c of n.namedChildren) {
      if (c.type === 'name' || c.type === 'qualified_name') {
        const k = this.classKeyOf(c.text);
        if (!k) continue;
        this.ref(lastName(c), { type: 'symbol', key: k }, false);
        if (frame) this.out.definitions.find((d) => d.key === frame.key)?.supers?.push(k);
      } else this.visit(c);
    }
  }

  private functionLike(n: Node, kind: 'method' | 'function'): void {
    const nameNode = n.childForFieldName('name');
    const owner = this.currentClass;
    let key: string | undefined;
    if (nameNode) {
      key = kind === 'method' && owner ? memberKey(owner.key, nameNode.text, 'method') : functionKey(this.qualify(nameNode.text));
      const k = kind === 'function' ? Kind.Function : nameNode.text.toLowerCase() === '__construct' ? Kind.Constructor : Kind.Method;
      this.out.definitions.push({ key, name: nameNode.text, kind: k, range: rangeOf(nameNode), extent: rangeOf(n) });
    }
    const returns = n.childForFieldName('return_type');
    if (returns) {
      const t = typeOf(this, returns);
      if (t && key) this.out.types.set(key, t);
      this.visit(returns);
    }
    this.scopes.push({ vars: new Map(owner ? [['this', { cls: owner.key }]] : []) });
    const params = n.childForFieldName('parameters');
    if (params) this.parameters(params, owner);
    const body = n.childForFieldName('body');
    if (body) this.visit(body);
    this.scopes.pop();
  }

  private closure(n: Node): void {
    // A closure sees $this and its `use ($x)` variables: a closure's use is no import.
    const outer = this.scope.vars;
    const vars = new Map<string, Receiver>();
    const self = outer.get('this');
    if (self) vars.set('this', self);
    for (const c of n.namedChildren) {
      if (c.type !== 'anonymous_function_use_clause') continue;
      for (const v of c.namedChildren) {
        const name = variableName(v);
        const t = name && outer.get(name);
        if (name && t) vars.set(name, t);
      }
    }
    // An arrow function captures its whole outer scope by value.
    if (n.type === 'arrow_function') for (const [k, v] of outer) vars.set(k, v);
    this.scopes.push({ vars });
    const params = n.childForFieldName('parameters');
    if (params) this.parameters(params, undefined);
    const returns = n.childForFieldName('return_type');
    if (returns) this.visit(returns);
    const body = n.childForFieldName('body');
    if (body) this.visit(body);
    this.scopes.pop();
  }

  private parameters(params: Node, owner: ClassFrame | undefined): void {
    for (const p of params.namedChildren) {
      const typeNode = p.childForFieldName('type');
      const nameNode = p.childForFieldName('name');
      const name = nameNode ? variableName(nameNode) : undefined;
      const t = typeNode ? typeOf(this, typeNode) : undefined;
      if (name && t) this.scope.vars.set(name, t);
      if (p.type === 'property_promotion_parameter' && owner && nameNode && name) {
        const inner = nameNode.namedChildren.find((c) => c.type === 'name') ?? nameNode;
        const key = memberKey(owner.key, name, 'property');
        // Its extent is its name: the parameter's type and default belong to the constructor.
        this.out.definitions.push({ key, name, kind: Kind.Property, range: rangeOf(inner), extent: rangeOf(inner) });
        if (t) this.out.types.set(key, t);
      }
      if (typeNode) this.visit(typeNode);
      const dflt = p.childForFieldName('default_value');
      if (dflt) this.visit(dflt);
      for (const c of p.namedChildren) if (c.type === 'attribute_list') this.visit(c);
    }
  }

  ref(node: Node, target: Target, call: boolean, isImport = false): void {
    this.out.references.push({ range: rangeOf(node), target, call, ...(isImport ? { import: true } : {}) });
  }
}

/** Where an app's framework facades sit when Composer installed Laravel. */
const VENDOR_FACADES = 'vendor/laravel/framework/src/Illuminate/Support/Facades';

export const phpReader: SyntacticReader = {
  name: 'tree-sitter-php',
  foldCase: true,
  builtins: { aliases: BUILTIN_ALIASES, accessors: BUILTIN_ACCESSORS, facadeClasses: BUILTIN_FACADE_CLASSES },
  besidePrecise: { keeps: isLaravelEdge, leftOutFiles: true },
  // Laravel's compiled Blade templates and its cached config/routes repeat the source under other names.
  ignored: [/^storage\/framework\//, /^bootstrap\/cache\//],
  facts: (root, file) => phpFacts(root, file),
  textFacts(file, text) {
    if (!file.endsWith('.blade.php')) return undefined;
    const view = viewName(file);
    const references = bladeReferences(text);
    if (view) references.push(viewDefinition(view));
    return { path: file, language: 'blade', definitions: [], references };
  },
  resolutionFiles(repo) {
    try {
      return fs
        .readdirSync(nodePath.join(repo, VENDOR_FACADES))
        .filter((f) => f.endsWith('.php'))
        .map((f) => `${VENDOR_FACADES}/${f}`);
    } catch {
      return [];
    }
  },
};

export const PHP_SYNTAX: SyntaxRules = {
  names: new Set(['name']),
  definitions: {
    class_declaration: 'class',
    interface_declaration: 'interface',
    trait_declaration: 'trait',
    enum_declaration: 'enum',
    method_declaration: 'method',
    function_definition: 'function',
    enum_case: 'enum_member',
  },
  calls: { function_call_expression: 'function', member_call_expression: 'name', nullsafe_member_call_expression: 'name', scoped_call_expression: 'name' },
  members: { member_access_expression: 'name', nullsafe_member_access_expression: 'name' },
};
