// The hash an anchor keeps of a definition's text.
import { createHash } from 'node:crypto';

/** Indentation and blank lines do not count: a definition moved or re-indented keeps its hash. */
export function definitionHash(text: string): string {
  const norm = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .join('\n');
  return createHash('sha256').update(norm).digest('hex').slice(0, 16);
}
