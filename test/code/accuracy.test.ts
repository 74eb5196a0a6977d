// Accuracy on real code nobody here wrote: `scry refs` against the TypeScript
// language service's own findReferences, on samples of rxjs symbols whose
// names are unique: top-level declarations and members, and locals (functions
// and variables declared inside a function). Both recall and precision must
// reach 99%. References in doc comments (`{@link X}`, `@param {X}`), which the
// language service counts and scip-typescript does not emit, count too.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import ts from 'typescript';
import type { QueryResult } from '../../daemon/protocol';
import { rxjsRepo, scryJson, stopDaemon, tempDir } from '../helpers';

const SAMPLE = 50;

interface Declared {
  name: string;
  file: string;
  pos: number;
}

describe('refs accuracy against the TypeScript language service (rxjs)', () => {
  let repo: string;
  let home: string;
  let service: ts.LanguageService;
  let program: ts.Program;

  before(async () => {
    repo = rxjsRepo();
    home = tempDir('acc');
    await scryJson(['index', repo], { home });
    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(repo, 'tsconfig.json'),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => assert.fail(String(d.messageText)) },
    )!;
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
    service = ts.createLanguageService(host, ts.createDocumentRegistry());
    program = service.getProgram()!;
  });
  after(() => stopDaemon(home));

  const measure = async (what: string, sample: Declared[]): Promise<void> => {
    assert.ok(sample.length >= 40, `only ${sample.length} unique ${what} names to sample`);
    let truePositives = 0;
    let expected = 0;
    let reported = 0;
    let inComments = 0;
    const misses: string[] = [];
    for (const d of sample) {
      const truth = new Set<string>();
      for (const group of service.findReferences(d.file, d.pos) ?? []) {
        for (const ref of group.references) {
          if (!ref.fileName.startsWith(path.join(repo, 'src'))) continue;
          if (service.getSpanOfEnclosingComment(ref.fileName, ref.textSpan.start, false)) inComments++;
          truth.add(key(program, ref.fileName, ref.textSpan.start));
        }
      }
      const result = await scryJson<QueryResult>(['refs', d.name, '--repo', repo], { home });
      const defKey = key(program, d.file, d.pos);
      // The symbol declared here; another library symbol with the same name (from lib.d.ts) is not the one asked about.
      const match = result.matches.find((m) => m.occurrences.some((o) => `${o.file}:${o.line}:${o.column}` === defKey));
      const got = new Set((match?.occurrences ?? []).map((o) => `${o.file}:${o.line}:${o.column}`));
      expected += truth.size;
      reported += got.size;
      for (const k of got) if (truth.has(k)) truePositives++;
      for (const k of truth) if (!got.has(k)) misses.push(`${d.name}: missed ${k}`);
      for (const k of got) if (!truth.has(k)) misses.push(`${d.name}: extra ${k}`);
    }
    const recall = truePositives / expected;
    const precision = truePositives / reported;
    console.log(
      `refs accuracy on ${sample.length} rxjs ${what}: ${expected} references per findReferences (${inComments} of them in doc comments), ${reported} per scry; recall ${(recall * 100).toFixed(2)}%, precision ${(precision * 100).toFixed(2)}%`,
    );
    if (misses.length > 0) console.log(misses.slice(0, 20).join('\n'));
    assert.ok(recall >= 0.99, `recall ${recall}`);
    assert.ok(precision >= 0.99, `precision ${precision}`);
  };

  it('finds the same references as findReferences (doc comments included), with recall and precision >= 99%', async () => {
    const sample = uniqueDeclarations(program, repo, 'top');
    await measure('symbols', sample);
    // The sample must exercise doc-comment references, or this proves nothing about them.
    const withDocs = sample.filter((d) =>
      (service.findReferences(d.file, d.pos) ?? []).some((g) =>
        g.references.some((r) => service.getSpanOfEnclosingComment(r.fileName, r.textSpan.start, false)),
      ),
    );
    assert.ok(withDocs.length > 0, 'no sampled symbol is named in a doc comment');
  });

  it('finds locals (declared inside a function) by name, marked local to their file', async () => {
    const sample = uniqueDeclarations(program, repo, 'local');
    await measure('locals', sample);
    const one = await scryJson<QueryResult>(['refs', sample[0]!.name, '--repo', repo], { home });
    assert.equal(one.matches[0]?.local, key(program, sample[0]!.file, sample[0]!.pos).split(':')[0]);
  });
});

const key = (program: ts.Program, file: string, pos: number): string => {
  const sf = program.getSourceFile(file)!;
  const { line, character } = sf.getLineAndCharacterOfPosition(pos);
  return `${path.relative(program.getCurrentDirectory(), file).split(path.sep).join('/')}:${line + 1}:${character + 1}`;
};

/** Declarations in src whose name is declared exactly once (anywhere, locals included), sampled evenly by name. */
function uniqueDeclarations(program: ts.Program, repo: string, which: 'top' | 'local'): Declared[] {
  const byName = new Map<string, Array<Declared & { kind: 'top' | 'local' | 'other' }>>();
  for (const sf of program.getSourceFiles()) {
    if (!sf.fileName.startsWith(path.join(repo, 'src'))) continue;
    const visit = (node: ts.Node): void => {
      const name = (node as ts.NamedDeclaration).name;
      if (name && ts.isIdentifier(name)) {
        // Parameters, object keys and signatures only make other names not unique.
        const kind = isLocalDeclaration(node)
          ? 'local'
          : isNamedDeclaration(node)
            ? 'top'
            : ts.isParameter(node) ||
                ts.isPropertyAssignment(node) ||
                ts.isPropertySignature(node) ||
                ts.isVariableDeclaration(node) ||
                ts.isMethodSignature(node)
              ? 'other'
              : undefined;
        if (kind) {
          const list = byName.get(name.text) ?? [];
          list.push({ name: name.text, file: sf.fileName, pos: name.getStart(sf), kind });
          byName.set(name.text, list);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  const unique = [...byName.values()]
    .filter((l) => l.length === 1 && l[0]!.kind === which)
    .map((l) => l[0]!)
    .sort((a, b) => a.name.localeCompare(b.name));
  const step = Math.max(1, Math.floor(unique.length / SAMPLE));
  return unique.filter((_, i) => i % step === 0).slice(0, SAMPLE);
}

function isLocalDeclaration(node: ts.Node): boolean {
  if (!(ts.isFunctionDeclaration(node) || ts.isVariableDeclaration(node) || ts.isClassDeclaration(node))) return false;
  for (let p = node.parent; p; p = p.parent) {
    if (ts.isFunctionLike(p)) return true;
    if (ts.isSourceFile(p)) return false;
  }
  return false;
}

function isNamedDeclaration(node: ts.Node): boolean {
  return (
    (ts.isFunctionDeclaration(node) && !isLocalDeclaration(node)) ||
    (ts.isClassDeclaration(node) && !isLocalDeclaration(node)) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isEnumDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isPropertyDeclaration(node) ||
    (ts.isVariableDeclaration(node) && ts.isSourceFile(node.parent.parent.parent))
  );
}
