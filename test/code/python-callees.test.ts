// Python callees as pyright's call hierarchy counts them, on a real package
// nobody here wrote (Debian's python3-requests, in .ci/apt-packages):
// built-ins (`isinstance`, which scip-python names by a document-local
// symbol), names a module imports and re-exports (`from .compat import
// urlparse`, inside a parenthesized import list), and classes constructed
// (`InvalidURL(…)`) and methods of a receiver scip-python could not type
// (`cookiejar.set_cookie(…)`) are callees; a bare decorator (`@staticmethod`) is not.
// A function's body is read whole, as pyright reads it: the calls inside
// the functions it defines are its calls too. A module's variable that
// holds a class (`builtin_str = str` in requests/compat.py), a loop's
// variable (`for hook in hooks: hook(…)`) and the name a `def` gives are
// not callees. Expected sites are read from the source text, not from Scry.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { QueryResult } from '../../daemon/protocol';
import { scryJson, stopDaemon, tempDir } from '../helpers';

const PACKAGE = '/usr/lib/python3/dist-packages/requests';
const installed = fs.existsSync(path.join(PACKAGE, 'utils.py'));
if (!installed) console.log(`# python callees: skipped, ${PACKAGE} is not installed (apt-get install python3-requests)`);

/** `file:line:column` of every `name(` in the body of `def fn` (1-based), nested defs included, read from the source. */
function callSites(repo: string, file: string, fn: string, name: string): string[] {
  const lines = fs.readFileSync(path.join(repo, file), 'utf8').split('\n');
  const start = lines.findIndex((l) => new RegExp(`^\\s*def ${fn}\\(`).test(l));
  assert.notEqual(start, -1, `def ${fn} in ${file}`);
  const indent = lines[start]!.length - lines[start]!.trimStart().length;
  const out: string[] = [];
  for (let i = start + 1; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.trim() !== '' && l.length - l.trimStart().length <= indent) break;
    for (const m of l.matchAll(new RegExp(`(?<![\\w.])${name}\\(`, 'g'))) out.push(`${file}:${i + 1}:${m.index + 1}`);
  }
  return out;
}

const sitesOf = (r: QueryResult): string[] => r.matches.flatMap((m) => m.occurrences.map((o) => `${o.file}:${o.line}:${o.column}`));

describe('Python callees (requests)', { skip: !installed }, () => {
  let repo: string;
  let home: string;

  before(async () => {
    repo = tempDir('py-callees');
    fs.cpSync(PACKAGE, path.join(repo, 'requests'), { recursive: true, filter: (f) => !f.includes('__pycache__') });
    spawnSync('git', ['init', '-q'], { cwd: repo });
    home = tempDir('py-callees-home');
    await scryJson(['index', repo], { home });
  });
  after(() => stopDaemon(home));

  const callees = (name: string): Promise<QueryResult> => scryJson<QueryResult>(['callees', name, '--repo', repo], { home });

  it('lists names imported from another module (urlparse, unquote) and built-ins (isinstance)', async () => {
    const got = sitesOf(await callees('get_auth_from_url'));
    for (const name of ['urlparse', 'unquote']) {
      const want = callSites(repo, 'requests/utils.py', 'get_auth_from_url', name);
      assert.ok(want.length > 0, `${name} is called in get_auth_from_url`);
      for (const s of want) assert.ok(got.includes(s), `${name} at ${s} in ${got.join(', ')}`);
    }
    const encode = sitesOf(await callees('_encode_params'));
    const isinstance = callSites(repo, 'requests/models.py', '_encode_params', 'isinstance');
    assert.ok(isinstance.length > 0);
    for (const s of isinstance) assert.ok(encode.includes(s), `isinstance at ${s} in ${encode.join(', ')}`);
  });

  it('lists a class constructed as a callee, and no bare decorator', async () => {
    const got = sitesOf(await callees('prepare_url'));
    const want = callSites(repo, 'requests/models.py', 'prepare_url', 'InvalidURL');
    assert.ok(want.length > 0, 'prepare_url raises InvalidURL(…)');
    for (const s of want) assert.ok(got.includes(s), `InvalidURL at ${s} in ${got.join(', ')}`);
    // `@staticmethod` above `def _encode_params`: a decorator without a call is not a call site.
    const source = fs.readFileSync(path.join(repo, 'requests/models.py'), 'utf8').split('\n');
    for (const fn of ['_encode_params', 'prepare_url']) {
      for (const s of sitesOf(await callees(fn))) {
        const [, line] = s.split(':');
        assert.ok(!/^\s*@/.test(source[Number(line) - 1] ?? ''), `${fn}: ${s} is a decorator line`);
      }
    }
  });

  it('counts the calls inside a nested def for the function that defines it', async () => {
    // build_digest_header defines md5_utf8, sha_utf8, … each calling isinstance(…) and hashlib's digests.
    const got = sitesOf(await callees('build_digest_header'));
    const want = callSites(repo, 'requests/auth.py', 'build_digest_header', 'isinstance');
    assert.ok(want.length >= 4, `the nested defs call isinstance: ${want.join(', ')}`);
    for (const s of want) assert.ok(got.includes(s), `isinstance at ${s} (inside a nested def) in ${got.join(', ')}`);
    // The nested def keeps its own callees.
    const inner = sitesOf(await callees('md5_utf8'));
    assert.ok(inner.includes(want[0]!), `md5_utf8's own isinstance at ${want[0]} in ${inner.join(', ')}`);
  });

  it('lists a method called on a receiver whose type scip-python could not infer', async () => {
    // merge_cookies: `cookiejar.set_cookie(cookie_in_jar)`, where cookiejar is a parameter with no annotation.
    const lines = fs.readFileSync(path.join(repo, 'requests/cookies.py'), 'utf8').split('\n');
    const def = lines.findIndex((l) => /^def merge_cookies\(/.test(l));
    assert.notEqual(def, -1, 'def merge_cookies in requests/cookies.py');
    const end = lines.findIndex((l, i) => i > def && /^\S/.test(l));
    const want = lines
      .slice(def, end === -1 ? undefined : end)
      .flatMap((l, i) => [...l.matchAll(/\bcookiejar\.set_cookie\(/g)].map((m) => `requests/cookies.py:${def + i + 1}:${m.index + 'cookiejar.'.length + 1}`));
    assert.ok(want.length > 0, 'merge_cookies calls cookiejar.set_cookie(…)');
    const got = sitesOf(await callees('merge_cookies'));
    for (const s of want) assert.ok(got.includes(s), `set_cookie at ${s} in ${got.join(', ')}`);
  });

  it('lists no call of a variable: an alias of a class, a loop variable', async () => {
    const body = sitesOf(await callees('prepare_body'));
    const aliased = callSites(repo, 'requests/models.py', 'prepare_body', 'builtin_str');
    assert.ok(aliased.length > 0, 'prepare_body calls builtin_str(…)');
    for (const s of aliased) assert.ok(!body.includes(s), `builtin_str (a variable holding str) at ${s} is not a callee`);
    const dispatch = sitesOf(await callees('dispatch_hook'));
    const hook = callSites(repo, 'requests/hooks.py', 'dispatch_hook', 'hook');
    assert.ok(hook.length > 0, 'dispatch_hook calls each hook');
    for (const s of hook) assert.ok(!dispatch.includes(s), `hook (a loop variable) at ${s} is not a callee`);
  });

  it('does not read the name a def gives as a call, where the indexer bound it to an imported class', async () => {
    // requests/adapters.py: `except ImportError: def SOCKSProxyManager(*args, **kwargs): …` after importing that name.
    const r = await scryJson<QueryResult>(['callers', 'SOCKSProxyManager', '--repo', repo], { home });
    const source = fs.readFileSync(path.join(repo, 'requests/adapters.py'), 'utf8').split('\n');
    const def = source.findIndex((l) => /^\s*def SOCKSProxyManager\(/.test(l));
    assert.notEqual(def, -1);
    assert.ok(!sitesOf(r).some((s) => s.startsWith(`requests/adapters.py:${def + 1}:`)), `the def line is no call site: ${sitesOf(r).join(', ')}`);
  });
});
