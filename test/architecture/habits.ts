// The small habits issue 34 asked of the tree, as checks over a source tree
// that return what is wrong, one line each (so a test runs them on the real
// tree, nothing wrong, and on a planted one, each fault named): one plural
// helper, errorMessage() for a thrown value's message, one definition of each
// shared helper, and no export of the code wing or the protocol that nothing
// uses.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sourcesUnder } from './imports';

const rel = (root: string, f: string): string => path.relative(root, f).split(path.sep).join('/');

/** The daemon's, the extension's and the webview's sources (generated code aside), with their text. */
function sources(root: string, tops: readonly string[] = ['daemon', 'extension', 'webview']): Map<string, string> {
  const files = tops.flatMap((t) => (fs.existsSync(path.join(root, t)) ? sourcesUnder(path.join(root, t)) : []));
  return new Map(files.filter((f) => !f.split(path.sep).includes('gen')).map((f) => [rel(root, f), fs.readFileSync(f, 'utf8')]));
}

/** `n === 1 ? '' : 's'`, `n === 1 ? 'y' : 'ies'`, `n !== 1 ? 's' : ''`: a plural written by hand. */
const HAND_PLURAL = /[!=]== ?1 \? '(?:|y|s|es)' : '(?:|s|es|ies)'/;

/** A thrown value's message written by hand, where errorMessage() (daemon/protocol/errors.ts) says it. */
const HAND_MESSAGE = /instanceof Error \? \w+\.message : String\(/;

/**
 * Files that still write these by hand, and why; each must still need it
 * (take it off when it is converted).
 */
export const KNOWN_HAND_WRITTEN: Readonly<Record<string, string>> = {
  'daemon/memory/orient.ts': 'plural: memory orient, another engineer works in memory this session; convert after the merge',
  'extension/memoryGraph/controller.ts': 'plural and message: the memory-graph page, another engineer works in it this session; convert after the merge',
  'daemon/memory/extract/queue.ts': 'message: memory extract, as orient.ts',
  'daemon/memory/extract/chain.ts': 'message: memory extract, as orient.ts',
  'daemon/memory/ingest.ts': 'message: memory ingest, as orient.ts',
  'daemon/server/daemon.ts': 'message: the server, another engineer works in it this session; its log keeps the stack, the reply the bare message',
  'daemon/code/build/worker.ts': 'message: the worker posts the message, the code and the remedy apart; errorMessage() would fold the remedy into the message',
};

/** Plurals and thrown values' messages written by hand outside the helpers (plural.ts, errors.ts). */
export function handWrittenProblems(root: string, known: Readonly<Record<string, string>> = KNOWN_HAND_WRITTEN): string[] {
  const out: string[] = [];
  const found = new Set<string>();
  for (const [file, text] of sources(root)) {
    if (file === 'daemon/protocol/plural.ts' || file === 'daemon/protocol/errors.ts') continue;
    const plural = HAND_PLURAL.test(text);
    const message = HAND_MESSAGE.test(text);
    if (plural || message) found.add(file);
    if (known[file] !== undefined) continue;
    if (plural) out.push(`${file} writes a plural by hand: use plural() or pluralNoun() (daemon/protocol/plural.ts)`);
    if (message) out.push(`${file} writes a thrown value's message by hand: use errorMessage() (daemon/protocol/errors.ts)`);
  }
  for (const file of Object.keys(known)) if (!found.has(file)) out.push(`${file} no longer writes it by hand: take it off KNOWN_HAND_WRITTEN`);
  return out;
}

/** Helpers the tree shares, each defined once. */
export const SHARED_HELPERS: readonly string[] = [
  'readText',
  'holdForTests',
  'gateForTests',
  'SYNTACTIC_MARK',
  'plural',
  'pluralNoun',
  'errorMessage',
  'realPath',
];

/** A shared helper defined twice (a `function`, `const` or `let` of its name). */
export function duplicateProblems(root: string, names: readonly string[] = SHARED_HELPERS): string[] {
  const out: string[] = [];
  const all = sources(root);
  for (const name of names) {
    const def = new RegExp(`^\\s*(?:export )?(?:async )?(?:function\\*? |const |let )${name}\\b`, 'm');
    const where = [...all].filter(([, text]) => def.test(text)).map(([f]) => f);
    if (where.length > 1) out.push(`${name} is defined ${where.length} times: ${where.join(' ')}`);
  }
  return out;
}

/** An exported value of daemon/code, daemon/protocol or daemon/git that no source names, nor its own file past its declaration; and a folder's index.ts handing out a value nothing outside the folder names. */
export function deadExportProblems(root: string): string[] {
  const out: string[] = [];
  const all = sources(root, ['daemon', 'extension', 'webview', 'test', 'scripts']);
  const mentions = (name: string, skip: (f: string) => boolean): boolean => {
    const re = new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`);
    return [...all].some(([f, text]) => !skip(f) && re.test(text));
  };
  const scoped = [...all].filter(([f]) => /^daemon\/(?:code|protocol|git)\//.test(f));
  for (const [file, text] of scoped) {
    for (const m of text.matchAll(/^export (?:async )?(?:const|function|class|enum) ([A-Za-z_$][\w$]*)/gm)) {
      const name = m[1]!;
      const own = text.match(new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`, 'g'))?.length ?? 0;
      if (own <= 1 && !mentions(name, (f) => f === file)) out.push(`${file} exports ${name}, which nothing uses`);
    }
    if (path.posix.basename(file) !== 'index.ts' || !file.startsWith('daemon/code/')) continue;
    const dir = path.posix.dirname(file);
    for (const m of text.matchAll(/^export \{([^}]*)\} from '[^']+'/gm)) {
      for (const part of m[1]!.split(',').map((p) => p.trim())) {
        if (part === '' || part.startsWith('type ')) continue;
        const name = part.split(/\s+as\s+/).pop()!;
        if (!mentions(name, (f) => f.startsWith(`${dir}/`))) out.push(`${file} hands out ${name}, which nothing outside ${dir}/ uses`);
      }
    }
  }
  return out;
}
