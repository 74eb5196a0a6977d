// The TypeScript language service's call hierarchy as the oracle for
// `scry callers` and `scry callees`, counting only real call sites: a call
// or `new` of the name, a tagged template's tag, a decorator, a JSX tag. The
// language service also reports reading a getter or passing `obj.method` as
// a value; those are references, not calls, and are left out of the truth.
//
// The sample rule (committed before any tuning, never edited to fit): every
// declaration in the repo's source folder that the call hierarchy itself
// accepts as a function (a function declaration, a method, a `const` bound
// to an arrow or function expression, top level or local), whose name is
// declared exactly once in that folder (any declaration counts: parameters,
// properties, variables), that has at least one real call site in or out.
// Sorted by name, sampled evenly to SAMPLE.
//
// Object-literal methods (issue 38), a second sample by its own rule,
// committed before any tuning: every method written in an object literal in
// the source folder (`const timeoutProvider = { setTimeout() {…} }`) whose
// object literal is the initializer of a variable declaration with a plain
// name (its owner), whose `owner.method` is declared exactly once in that
// folder, that has at least one real call site in or out. It is asked as
// `owner.method`. Sorted by that name, sampled evenly to SAMPLE.
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

export const SAMPLE = 60;

export interface Sampled {
  name: string;
  /** Absolute path of the declaring file. */
  file: string;
  /** Offset of the declaration's name. */
  pos: number;
  local: boolean;
}

/** A call site: `file:line:column` (1-based) of the called name. */
export type Site = string;

export interface Truth {
  callers: Set<Site>;
  callees: Set<Site>;
}

export class CallOracle {
  readonly service: ts.LanguageService;
  readonly program: ts.Program;

  constructor(
    readonly repo: string,
    readonly srcDir: string,
  ) {
    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(repo, 'tsconfig.json'),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(String(d.messageText));
        },
      },
    );
    if (!config) throw new Error(`no tsconfig.json in ${repo}`);
    const host: ts.LanguageServiceHost = {
      getCompilationSettings: () => config.options,
      getScriptFileNames: () => config.fileNames,
      getScriptVersion: () => '1',
      getScriptSnapshot: (f) => (fs.existsSync(f) ? ts.ScriptSnapshot.fromString(fs.readFileSync(f, 'utf8')) : undefined),
      getCurrentDirectory: () => repo,
      getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
      fileExists: ts.sys.fileExists,
      readFile: ts.sys.readFile,
      readDirectory: ts.sys.readDirectory,
      directoryExists: ts.sys.directoryExists,
      getDirectories: ts.sys.getDirectories,
    };
    this.service = ts.createLanguageService(host, ts.createDocumentRegistry());
    this.program = this.service.getProgram()!;
  }

  private inSource(file: string): boolean {
    return file.startsWith(path.join(this.repo, this.srcDir) + path.sep) && !file.endsWith('.d.ts');
  }

  /** The sample, by the rule above. */
  sample(count = SAMPLE): Sampled[] {
    const byName = new Map<string, Array<Sampled & { fn: boolean }>>();
    for (const sf of this.program.getSourceFiles()) {
      if (!this.inSource(sf.fileName)) continue;
      const visit = (node: ts.Node): void => {
        const name = (node as ts.NamedDeclaration).name;
        if (name && ts.isIdentifier(name) && isDeclarationLike(node)) {
          const list = byName.get(name.text) ?? [];
          list.push({ name: name.text, file: sf.fileName, pos: name.getStart(sf), local: isLocal(node), fn: isCallHierarchyFunction(node) });
          byName.set(name.text, list);
        }
        ts.forEachChild(node, visit);
      };
      visit(sf);
    }
    const unique = [...byName.values()]
      .filter((l) => l.length === 1 && l[0]!.fn)
      .map((l) => l[0]!)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .filter((d) => {
        const t = this.truth(d);
        return t.callers.size + t.callees.size > 0;
      });
    const step = unique.length / count;
    const picked = unique.length <= count ? unique : Array.from({ length: count }, (_, i) => unique[Math.floor(i * step)]!);
    return picked.map(({ fn: _fn, ...d }) => d);
  }

  /** The object-literal methods' sample, by the second rule above; each `name` is `owner.method`. */
  sampleObjectMethods(count = SAMPLE): Sampled[] {
    const byName = new Map<string, Sampled[]>();
    for (const sf of this.program.getSourceFiles()) {
      if (!this.inSource(sf.fileName)) continue;
      const visit = (node: ts.Node): void => {
        const owner = node.parent?.parent;
        if (
          ts.isMethodDeclaration(node) &&
          ts.isIdentifier(node.name) &&
          node.body &&
          ts.isObjectLiteralExpression(node.parent) &&
          owner &&
          ts.isVariableDeclaration(owner) &&
          ts.isIdentifier(owner.name) &&
          owner.initializer === node.parent
        ) {
          const name = `${owner.name.text}.${node.name.text}`;
          byName.set(name, [...(byName.get(name) ?? []), { name, file: sf.fileName, pos: node.name.getStart(sf), local: isLocal(node) }]);
        }
        ts.forEachChild(node, visit);
      };
      visit(sf);
    }
    const unique = [...byName.values()]
      .filter((l) => l.length === 1)
      .map((l) => l[0]!)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .filter((d) => {
        const t = this.truth(d);
        return t.callers.size + t.callees.size > 0;
      });
    const step = unique.length / count;
    return unique.length <= count ? unique : Array.from({ length: count }, (_, i) => unique[Math.floor(i * step)]!);
  }

  /** Real call sites into and out of the declaration, per the call hierarchy. */
  truth(d: Sampled): Truth {
    const callers = new Set<Site>();
    const callees = new Set<Site>();
    for (const c of this.service.provideCallHierarchyIncomingCalls(d.file, d.pos)) {
      if (!this.inSource(c.from.file)) continue;
      for (const span of c.fromSpans) {
        const site = this.callSite(c.from.file, span);
        if (site) callers.add(site);
      }
    }
    for (const c of this.service.provideCallHierarchyOutgoingCalls(d.file, d.pos)) {
      for (const span of c.fromSpans) {
        const site = this.callSite(d.file, span);
        if (site) callees.add(site);
      }
    }
    return { callers, callees };
  }

  /** The called name at a span the call hierarchy reports, when the span is a real call's target. */
  private callSite(file: string, span: ts.TextSpan): Site | undefined {
    const sf = this.program.getSourceFile(file);
    if (!sf) return undefined;
    const node = nodeAt(sf, span);
    if (!node || !isCallTarget(node)) return undefined;
    const named = ts.isPropertyAccessExpression(node) ? node.name : ts.isElementAccessExpression(node) ? node.argumentExpression : node;
    const { line, character } = sf.getLineAndCharacterOfPosition(named.getStart(sf));
    return `${path.relative(this.repo, file).split(path.sep).join('/')}:${line + 1}:${character + 1}`;
  }

  relative(file: string): string {
    return path.relative(this.repo, file).split(path.sep).join('/');
  }
}

/** The outermost node spanning exactly this span. */
function nodeAt(sf: ts.SourceFile, span: ts.TextSpan): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (n: ts.Node): void => {
    if (found) return;
    const start = n.getStart(sf);
    if (start === span.start && n.getEnd() === span.start + span.length) {
      found = n;
      return;
    }
    if (start <= span.start && n.getEnd() >= span.start + span.length) ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

/** Is this expression (or the name it is) what a call, `new`, tagged template, decorator or JSX element calls? */
function isCallTarget(node: ts.Node): boolean {
  let n = node;
  // The name of `a.b` stands for `a.b`.
  if (
    ts.isIdentifier(n) &&
    n.parent &&
    ((ts.isPropertyAccessExpression(n.parent) && n.parent.name === n) || (ts.isElementAccessExpression(n.parent) && n.parent.argumentExpression === n))
  )
    n = n.parent;
  while (
    n.parent &&
    (ts.isParenthesizedExpression(n.parent) ||
      ts.isNonNullExpression(n.parent) ||
      ts.isAsExpression(n.parent) ||
      ts.isTypeAssertionExpression(n.parent) ||
      ts.isSatisfiesExpression(n.parent))
  )
    n = n.parent;
  const p = n.parent;
  if (!p) return false;
  if ((ts.isCallExpression(p) || ts.isNewExpression(p)) && p.expression === n) return true;
  if (ts.isTaggedTemplateExpression(p) && p.tag === n) return true;
  if (ts.isDecorator(p) && p.expression === n) return true;
  if ((ts.isJsxOpeningElement(p) || ts.isJsxSelfClosingElement(p)) && p.tagName === n) return true;
  return false;
}

function isDeclarationLike(node: ts.Node): boolean {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isClassDeclaration(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isEnumDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isMethodSignature(node) ||
    ts.isPropertyDeclaration(node) ||
    ts.isPropertySignature(node) ||
    ts.isPropertyAssignment(node) ||
    ts.isVariableDeclaration(node) ||
    ts.isParameter(node) ||
    ts.isGetAccessor(node) ||
    ts.isSetAccessor(node) ||
    ts.isEnumMember(node) ||
    ts.isModuleDeclaration(node)
  );
}

/** What the call hierarchy treats as a function of its own (isValidCallHierarchyDeclaration, functions only). */
function isCallHierarchyFunction(node: ts.Node): boolean {
  if (ts.isFunctionDeclaration(node)) return node.body !== undefined;
  if (ts.isMethodDeclaration(node)) return node.body !== undefined;
  if (ts.isVariableDeclaration(node)) {
    const init = node.initializer;
    return !!init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) && (ts.getCombinedNodeFlags(node) & ts.NodeFlags.Const) !== 0;
  }
  return false;
}

function isLocal(node: ts.Node): boolean {
  for (let p = node.parent; p; p = p.parent) {
    if (ts.isFunctionLike(p)) return true;
    if (ts.isSourceFile(p)) return false;
  }
  return false;
}
