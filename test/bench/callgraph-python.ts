// Pyright's call hierarchy as the oracle for Python (its language server,
// `pyright-langserver --stdio`, from the npm package: textDocument/
// prepareCallHierarchy, then callHierarchy/incomingCalls and outgoingCalls),
// on a real Python package nobody here wrote: Debian's python3-requests
// (/usr/lib/python3/dist-packages/requests, in .ci/apt-packages).
//
// The sample rule (committed before any tuning, never edited to fit): every
// `def` in the package's files (top level or in a class, not nested in
// another def), not a dunder, whose name is declared by exactly one `def`
// and by no `class` in the package; sorted by name, sampled evenly to
// SAMPLE; those with no call site in or out are left out (and counted).
// A site is where the called name is written (`self.send(…)`: `send`), as
// pyright's ranges give it; only sites in the package's files count.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import type { Site } from './callgraph-oracle';

export const PY_PACKAGE_DIR = '/usr/lib/python3/dist-packages/requests';
export const PY_SAMPLE = 50;

export interface PyFunc {
  name: string;
  /** Repo-relative. */
  file: string;
  /** 0-based, as LSP counts. */
  line: number;
  character: number;
}

/** The package's sources in a fresh git repo (under `requests/`), or why not. */
export function pythonPackageRepo(dir: string): string | { skip: string } {
  if (!fs.existsSync(path.join(PY_PACKAGE_DIR, '__init__.py'))) return { skip: `${PY_PACKAGE_DIR} is not installed (apt-get install python3-requests)` };
  fs.cpSync(PY_PACKAGE_DIR, path.join(dir, 'requests'), { recursive: true, filter: (f) => !f.includes('__pycache__') });
  fs.writeFileSync(path.join(dir, '.gitignore'), '__pycache__/\n');
  const git = spawnSync('git', ['init', '-q'], { cwd: dir });
  return git.status === 0 ? dir : { skip: `git init in ${dir} failed` };
}

const DEF = /^(\s*)(?:async\s+)?def\s+([A-Za-z_]\w*)\s*\(/;
const CLASS = /^\s*class\s+([A-Za-z_]\w*)/;

export function samplePython(repo: string, count = PY_SAMPLE): PyFunc[] {
  const defs = new Map<string, PyFunc[]>();
  const classes = new Set<string>();
  for (const file of pyFiles(repo)) {
    const rel = path.relative(repo, file).split(path.sep).join('/');
    // A def's nesting: the indentation of the enclosing defs and classes seen so far.
    const open: Array<{ indent: number; def: boolean }> = [];
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, line) => {
        if (text.trim() === '' || text.trimStart().startsWith('#')) return;
        const indent = text.length - text.trimStart().length;
        while (open.length > 0 && open[open.length - 1]!.indent >= indent) open.pop();
        const c = CLASS.exec(text);
        if (c) {
          classes.add(c[1]!);
          open.push({ indent, def: false });
          return;
        }
        const d = DEF.exec(text);
        if (!d) return;
        const nested = open.some((o) => o.def);
        open.push({ indent, def: true });
        const name = d[2]!;
        if (nested || /^__\w+__$/.test(name)) {
          defs.set(name, [...(defs.get(name) ?? []), { name, file: rel, line, character: -1 }]);
          return;
        }
        defs.set(name, [...(defs.get(name) ?? []), { name, file: rel, line, character: text.indexOf(name, d[1]!.length) }]);
      });
  }
  const unique = [...defs.values()]
    .filter((l) => l.length === 1 && l[0]!.character >= 0 && !classes.has(l[0]!.name))
    .map((l) => l[0]!)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const step = unique.length / count;
  return unique.length <= count ? unique : Array.from({ length: count }, (_, i) => unique[Math.floor(i * step)]!);
}

function pyFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? e.name === '__pycache__' || e.name === '.git'
          ? []
          : pyFiles(path.join(dir, e.name))
        : e.name.endsWith('.py')
          ? [path.join(dir, e.name)]
          : [],
    );
}

interface Range {
  start: { line: number; character: number };
  end: { line: number; character: number };
}
interface Item {
  uri: string;
}

/** One pyright language server over a repo. */
export class PyrightOracle {
  private constructor(
    private readonly repo: string,
    private readonly conn: MessageConnection,
    private readonly stop: () => void,
  ) {}

  static async start(repo: string): Promise<PyrightOracle> {
    const server = require.resolve('pyright/langserver.index.js');
    const child = spawn(process.execPath, [server, '--stdio'], { cwd: repo, stdio: ['pipe', 'pipe', 'ignore'] });
    const conn = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    // What the server asks of its client: no settings beyond the defaults, progress and capabilities accepted.
    conn.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => null));
    conn.onRequest('client/registerCapability', () => null);
    conn.onRequest('window/workDoneProgress/create', () => null);
    conn.listen();
    const uri = pathToFileURL(repo).href;
    await conn.sendRequest('initialize', {
      processId: process.pid,
      rootUri: uri,
      workspaceFolders: [{ uri, name: path.basename(repo) }],
      capabilities: { textDocument: { callHierarchy: {} } },
    });
    await conn.sendNotification('initialized', {});
    return new PyrightOracle(repo, conn, () => {
      conn.dispose();
      child.kill();
    });
  }

  /** Real call sites into and out of one function (sites in the package's files only). */
  async truth(f: PyFunc): Promise<{ callers: Set<Site>; callees: Set<Site> } | { skip: string }> {
    const file = path.join(this.repo, f.file);
    const uri = pathToFileURL(file).href;
    await this.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'python', version: 1, text: fs.readFileSync(file, 'utf8') } });
    const items = (await this.conn.sendRequest('textDocument/prepareCallHierarchy', {
      textDocument: { uri },
      position: { line: f.line, character: f.character },
    })) as Item[] | null;
    const item = items?.[0];
    if (!item) return { skip: `pyright has no call hierarchy item for ${f.name} at ${f.file}:${f.line + 1}` };
    const incoming = ((await this.conn.sendRequest('callHierarchy/incomingCalls', { item })) as Array<{ from: Item; fromRanges: Range[] }> | null) ?? [];
    const outgoing = ((await this.conn.sendRequest('callHierarchy/outgoingCalls', { item })) as Array<{ to: Item; fromRanges: Range[] }> | null) ?? [];
    // Pyright's hierarchy also lists reading a property and passing a function as a value
    // (`register_hook("response", self.handle_401)`): only a call counts, as for TypeScript and Go.
    const site = (u: string, r: Range): Site | undefined => {
      const file = fileURLToPath(u);
      const rel = path.relative(this.repo, file).split(path.sep).join('/');
      if (rel.startsWith('..')) return undefined;
      const line = this.lines(file)[r.end.line] ?? '';
      if (!line.slice(r.end.character).trimStart().startsWith('(')) return undefined;
      return `${rel}:${r.start.line + 1}:${r.start.character + 1}`;
    };
    const callers = new Set<Site>();
    for (const c of incoming)
      for (const r of c.fromRanges) {
        const s = site(c.from.uri, r);
        if (s) callers.add(s);
      }
    // Outgoing ranges are in the function's own file.
    const callees = new Set<Site>();
    for (const c of outgoing)
      for (const r of c.fromRanges) {
        const s = site(item.uri, r);
        if (s) callees.add(s);
      }
    await this.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
    return { callers, callees };
  }

  private readonly sources = new Map<string, string[]>();

  private lines(file: string): string[] {
    let l = this.sources.get(file);
    if (!l) {
      l = fs.readFileSync(file, 'utf8').split('\n');
      this.sources.set(file, l);
    }
    return l;
  }

  dispose(): void {
    this.stop();
  }
}
