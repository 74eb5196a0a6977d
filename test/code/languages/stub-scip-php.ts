// A stand-in scip-php for tests (the real one needs Packagist and PHP 8.3,
// neither of which this machine can have): a script named scip-php that
// behaves like the real CLI where Scry meets it. It takes no output path,
// runs in the project root, fails without Composer's vendor/autoload.php,
// and writes the SCIP index it was built with to ./index.scip. With
// `fail`, it writes the first half of that index and exits 1, as an indexer
// that crashes mid-write. Returns the folder to put on PATH.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { toBinary } from '@bufbuild/protobuf';
import { IndexSchema, type Index } from '../../../daemon/code/scip/gen/scip_pb';

export function stubScipPhp(dir: string, index: Index, options: { fail?: boolean } = {}): string {
  const bytes = Buffer.from(toBinary(IndexSchema, index));
  const written = options.fail ? bytes.subarray(0, Math.floor(bytes.length / 2)) : bytes;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'scip-php'),
    `#!/usr/bin/env node
const fs = require('node:fs');
if (process.argv.length > 2) { console.error('scip-php takes no arguments but --memory-limit'); process.exit(1); }
if (!fs.existsSync('vendor/autoload.php')) { console.error('Cannot read file: ' + process.cwd() + '/vendor/autoload.php'); process.exit(1); }
fs.writeFileSync('index.scip', Buffer.from('${written.toString('base64')}', 'base64'));
${options.fail ? "console.error('PHP Fatal error:  Allowed memory size of 1073741824 bytes exhausted'); process.exit(1);" : ''}
`,
    { mode: 0o755 },
  );
  return dir;
}
