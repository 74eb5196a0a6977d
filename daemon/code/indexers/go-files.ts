// The Go files scip-go must write a document for: the files of every package
// `./...` names under the module root, tests included (scip-go compiles them
// unless told --skip-tests). Go's own rules leave out testdata/ and vendor/,
// folders and files whose names start with '.' or '_', and nested modules
// (a folder with its own go.mod). A file that builds only under some
// condition (a //go:build line, a _GOOS or _GOARCH name, cgo) may rightly
// have no document, so it is never required: the list errs towards asking
// less, never towards refusing a whole index.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { walkRepo } from '../languages/skip';

const GOOS = [
  'aix',
  'android',
  'darwin',
  'dragonfly',
  'freebsd',
  'hurd',
  'illumos',
  'ios',
  'js',
  'linux',
  'nacl',
  'netbsd',
  'openbsd',
  'plan9',
  'solaris',
  'wasip1',
  'windows',
  'zos',
];
const GOARCH = [
  '386',
  'amd64',
  'amd64p32',
  'arm',
  'arm64',
  'arm64be',
  'armbe',
  'loong64',
  'mips',
  'mips64',
  'mips64le',
  'mips64p32',
  'mips64p32le',
  'mipsle',
  'ppc',
  'ppc64',
  'ppc64le',
  'riscv',
  'riscv64',
  's390',
  's390x',
  'sparc',
  'sparc64',
  'wasm',
];
const CONDITIONAL_NAME = new RegExp(`_(?:${GOOS.join('|')}|${GOARCH.join('|')})(?:_test)?\\.go$`);
/** The header before `package`: comments and blank lines, where build constraints live. */
const HEADER_BYTES = 16 * 1024;

/** Repo-relative paths, sorted, of the Go files under `root` that scip-go indexes whatever the platform. */
export function requiredGoFiles(root: string): string[] {
  const nested = new Set<string>();
  const files = walkRepo(root, (e) => e.isFile() && (e.name.endsWith('.go') || e.name === 'go.mod'));
  for (const f of files) if (f.endsWith('/go.mod')) nested.add(path.posix.dirname(f));
  return files.filter((f) => f.endsWith('.go') && !excludedByGo(f, nested) && !conditional(path.join(root, f)));
}

function excludedByGo(file: string, nestedModules: ReadonlySet<string>): boolean {
  const parts = file.split('/');
  const name = parts.at(-1)!;
  if (name.startsWith('.') || name.startsWith('_') || CONDITIONAL_NAME.test(name)) return true;
  const dirs = parts.slice(0, -1);
  if (dirs.some((d) => d === 'testdata' || d === 'vendor' || d.startsWith('_') || d.startsWith('.'))) return true;
  for (let i = 1; i <= dirs.length; i++) if (nestedModules.has(dirs.slice(0, i).join('/'))) return true;
  return false;
}

/** A build constraint or a cgo import: the file may be left out on this platform or build. */
function conditional(file: string): boolean {
  let text: string;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const buf = Buffer.alloc(HEADER_BYTES);
      text = buf.subarray(0, fs.readSync(fd, buf, 0, HEADER_BYTES, 0)).toString('utf8');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return true; // unreadable here: nothing to require
  }
  const pkg = /^package\s/m.exec(text);
  const header = pkg ? text.slice(0, pkg.index) : text;
  return /^\/\/\s*(?:go:build|\+build)\s/m.test(header) || /^import\s+(?:"C"|\([^)]*^\s*"C"\s*$)/m.test(text);
}
