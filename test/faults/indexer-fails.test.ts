// The precise indexer cannot finish (here: real scip-typescript on a repo
// whose tsconfig.json does not parse). Scry keeps answering from the
// syntactic first index and says precise results did not come; status and
// the CLI name the indexer's own error (not the `Node.js v20` line a crashed
// Node prints last); and the daemon does not retry in a loop.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { spawnSync } from 'node:child_process';
import { causeLine } from '../../daemon/errors';
import type * as P from '../../daemon/protocol';
import { scry, scryJson, stopDaemon, tempDir } from '../helpers';

describe('a precise indexer that fails', () => {
  let home: string;
  let repo: string;

  before(() => {
    home = tempDir('indexer-fails');
    repo = tempDir('indexer-fails-repo');
    fs.mkdirSync(path.join(repo, 'src'));
    fs.writeFileSync(
      path.join(repo, 'src', 'a.ts'),
      'export function greet(n: string) {\n  return helper(n);\n}\nexport function helper(n: string) {\n  return n;\n}\n',
    );
    fs.writeFileSync(path.join(repo, 'src', 'b.ts'), 'import { greet } from "./a";\ngreet("x");\n');
    // A trailing comma TypeScript tolerates, then a list never closed: scip-typescript stops with TS1005.
    fs.writeFileSync(path.join(repo, 'tsconfig.json'), '{ "compilerOptions": { "strict": true, }, "include": ["src"');
    spawnSync('git', ['init', '-q'], { cwd: repo });
  });
  after(() => stopDaemon(home));

  it('names the indexer error, keeps the syntactic answers, and does not retry in a loop', async () => {
    const indexed = await scry(['index', repo], { home });
    assert.notEqual(indexed.code, 0, 'scry index says the build failed');
    assert.match(indexed.stderr, /scip-typescript.*TS1005/, indexed.stderr);
    assert.doesNotMatch(indexed.stderr, /: Node\.js v\d/, 'not the last line a crashed Node prints');

    const refs = await scryJson<P.QueryResult>(['refs', 'helper', '--repo', repo], { home });
    const sites = refs.matches.flatMap((m) => m.occurrences);
    assert.ok(
      sites.some((o) => o.file === 'src/a.ts' && o.line === 2 && o.is_call),
      'the call in greet, from the syntactic index',
    );
    assert.ok(sites.every((o) => o.precision === 'syntactic'));

    const status = await scryJson<P.StatusResult>(['status'], { home });
    const entry = status.repos.find((r) => r.repo === fs.realpathSync(repo));
    assert.match(entry?.last_error ?? '', /TS1005/, JSON.stringify(entry));
    assert.equal(entry?.building, false);

    // A while later, still one failed build: a failure is not retried until something changes.
    await new Promise((r) => setTimeout(r, 3000));
    const log = fs.readFileSync(path.join(home, 'logs', 'scryd.log'), 'utf8');
    assert.equal(log.split('build failed').length - 1, 1, log);
  });

  it('picks the cause out of a tool output: the error, not stack frames or the Node version', () => {
    const out =
      "node:internal/x\n  throw err;\n\nError: tsconfig.json(1,60): error TS1005: ']' expected.\n\n    at loadConfigFile (main.js:166:15)\n    at indexCommand (main.js:92:13)\n\nNode.js v20.20.2\n";
    assert.equal(causeLine(out), "Error: tsconfig.json(1,60): error TS1005: ']' expected.");
    assert.equal(causeLine('warming up\nwrote 3 files\n'), 'wrote 3 files');
    assert.equal(causeLine(''), '');
  });
});
