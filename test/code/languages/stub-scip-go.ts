// A stand-in scip-go for tests that must not download one: a script named
// scip-go that writes a fixed SCIP index of main.go (defining `probe`) to the
// path after --output. Returns the folder to put on PATH.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { create, toBinary } from '@bufbuild/protobuf';
import { IndexSchema } from '../../../daemon/code/scip/gen/scip_pb';

export function stubScipGo(dir: string): string {
  const symbol = 'scip-go gomod example.com/shop v1 `example.com/shop`/probe().';
  const index = create(IndexSchema, {
    metadata: { version: 0, toolInfo: { name: 'scip-go', version: 'stub' }, projectRoot: 'file:///' },
    documents: [
      {
        relativePath: 'main.go',
        language: 'go',
        occurrences: [{ range: [2, 5, 10], symbol, symbolRoles: 1, enclosingRange: [2, 0, 4, 1] }],
        symbols: [{ symbol, displayName: 'probe', kind: 17 }],
      },
    ],
  });
  const bytes = Buffer.from(toBinary(IndexSchema, index)).toString('base64');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'scip-go'),
    `#!/usr/bin/env node
const out = process.argv[process.argv.indexOf('--output') + 1];
require('node:fs').writeFileSync(out, Buffer.from('${bytes}', 'base64'));
`,
    { mode: 0o755 },
  );
  return dir;
}
