// One empty index per SCRY_HOME, for answers read from an overlay alone (see
// glance.ts): the query code runs unchanged over it and finds nothing of its own.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { IngestSession } from '../store/ingest';
import { CodeStore } from '../store/store';

const FILE = 'empty-index.db';

export function emptyStore(home: string): CodeStore {
  const file = path.join(home, FILE);
  if (!fs.existsSync(file)) {
    const next = `${file}.next-${process.pid}`;
    new IngestSession(next, '').finish({ status: 'partial', first_index: 'syntactic' });
    fs.renameSync(next, file);
  }
  return new CodeStore(file);
}
