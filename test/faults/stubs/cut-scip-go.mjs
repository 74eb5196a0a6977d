#!/usr/bin/env node
// A real scip-go whose output is cut at a document boundary, the way a full
// disk or a killed writer leaves it: runs the scip-go named by REAL_SCIP_GO
// with this process's arguments, its output sent to a file beside the one
// asked for, then writes to the asked file only the documents before the last
// one inside the repo (paths starting '..' are Go's generated test mains in
// its build cache). The asked file never holds more than that: the daemon
// reads it while it grows, as it reads a real indexer's. Exits as scip-go did.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';

const args = process.argv.slice(2);
const at = args.indexOf('--output');
const file = at >= 0 ? args[at + 1] : 'index.scip';
const whole = `${file}.whole`;
const run = spawnSync(process.env.REAL_SCIP_GO, at >= 0 ? args.map((a, i) => (i === at + 1 ? whole : a)) : [...args, '--output', whole], { stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);
const bytes = fs.readFileSync(whole);
fs.rmSync(whole, { force: true });

// Top-level fields of an Index: 1 metadata, 2 document, 3 external symbol, each length-delimited.
let pos = 0;
const varint = () => {
  let value = 0;
  for (let shift = 0; ; shift += 7) {
    const b = bytes[pos++];
    value += (b & 0x7f) * 2 ** shift;
    if ((b & 0x80) === 0) return value;
  }
};
let lastRepoDocStart = -1;
while (pos < bytes.length) {
  const start = pos;
  const tag = varint();
  const len = varint();
  if (tag >>> 3 === 2) {
    // Document.relative_path is field 1 (tag 0x0a), written first by scip-go.
    const body = bytes.subarray(pos, pos + len);
    let p = 0;
    if (body[p++] === 0x0a) {
      let n = 0;
      for (let shift = 0; ; shift += 7) {
        const b = body[p++];
        n += (b & 0x7f) * 2 ** shift;
        if ((b & 0x80) === 0) break;
      }
      if (
        !body
          .subarray(p, p + n)
          .toString('utf8')
          .startsWith('..')
      )
        lastRepoDocStart = start;
    }
  }
  pos += len;
}
if (lastRepoDocStart < 0) throw new Error(`no document inside the repo in ${file}`);
fs.writeFileSync(file, bytes.subarray(0, lastRepoDocStart));
