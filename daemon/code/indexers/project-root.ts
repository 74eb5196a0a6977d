// Where an imported index was made: its metadata's project root when that
// folder is on this machine, else the repo it is imported into.
import * as fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DecodedIndex } from '../scip/decode';

export function projectRoot(index: DecodedIndex, repo: string): string {
  const url = index.metadata?.projectRoot;
  if (url?.startsWith('file:')) {
    try {
      const dir = fileURLToPath(url);
      if (fs.existsSync(dir)) return dir;
    } catch {
      // not a usable file URL: fall back to the repo
    }
  }
  return repo;
}
