// "Did you mean" before a repo's first index is in: the glance (glance.ts)
// answers over an empty index, which knows no names, so when no symbol has
// the name asked for, the names the files declare by keyword are read for it
// (a second read of the files, paid only for a name nothing declares).
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { Suggestion } from '../../protocol';
import { grammarOfFile, listSources } from '../languages';
import { tailOf } from './glance';

const PARALLEL = 16;
/** At most this many declared names are kept to rank. */
const MAX_DECLARED = 5000;
const KEYWORD_KINDS: Record<string, string> = {
  class: 'class',
  interface: 'interface',
  type: 'type_alias',
  enum: 'enum',
  function: 'function',
  def: 'function',
  fn: 'function',
  func: 'function',
  struct: 'struct',
  trait: 'trait',
  module: 'module',
  namespace: 'namespace',
  const: 'variable',
  let: 'variable',
  var: 'variable',
};
const DECLARATION = new RegExp(`\\b(${Object.keys(KEYWORD_KINDS).join('|')})\\s+([A-Za-z_$][\\w$]*)`, 'g');

/** Names declared by keyword in the repo's source files that hold the first three letters of `name`'s tail (any case), by file and line. */
export async function declaredLike(repo: string, name: string): Promise<Suggestion[]> {
  const start = tailOf(name).slice(0, 3).toLowerCase();
  const files = listSources(repo).filter((f) => grammarOfFile(f) !== undefined);
  const out: Suggestion[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < files.length && out.length < MAX_DECLARED) {
      const file = files[next++]!;
      try {
        const text = await fs.readFile(path.join(repo, file), 'utf8');
        if (text.toLowerCase().includes(start)) collect(text, file, start, out);
      } catch {
        // Unreadable: the first index will say why.
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return out.sort((a, b) => (a.file! < b.file! ? -1 : a.file! > b.file! ? 1 : a.line! - b.line!));
}

function collect(text: string, file: string, start: string, into: Suggestion[]): void {
  let line = 1;
  let counted = 0;
  for (const m of text.matchAll(DECLARATION)) {
    if (into.length >= MAX_DECLARED) return;
    if (!m[2]!.toLowerCase().includes(start)) continue;
    for (let i = text.indexOf('\n', counted); i !== -1 && i < m.index; i = text.indexOf('\n', i + 1)) line++;
    counted = m.index;
    into.push({ name: m[2]!, kind: KEYWORD_KINDS[m[1]!]!, file, line });
  }
}
