// A writer for the OpenCode WAL test, in its own process as OpenCode is:
// opens opencode.db in WAL mode with no busy timeout (any lock a reader took
// would fail its next write at once), first holds one write transaction open
// until told to commit, then keeps appending a user message and an assistant
// reply to one session, each pair committed with the session's update time,
// until told to stop. Prints what it wrote and every error it met as JSON.
// Usage: node wal-writer.cjs <db> <session id> <control dir>
const fs = require('node:fs');
const path = require('node:path');
const Database = require('better-sqlite3');

const [db, session, control] = process.argv.slice(2);
const conn = new Database(db, { timeout: 0 });
conn.pragma('journal_mode = WAL');
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const flag = (name) => fs.existsSync(path.join(control, name));
const mark = (name) => fs.writeFileSync(path.join(control, name), '');

const addMessage = conn.prepare('INSERT INTO message (id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?)');
const addPart = conn.prepare('INSERT INTO part (id, message_id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?, ?)');
const touch = conn.prepare('UPDATE session SET time_updated = ? WHERE id = ?');
let clock = conn.prepare('SELECT max(time_created) AS t FROM part WHERE session_id = ?').get(session).t;
const notes = [];
const errors = [];

function writePair(i) {
  const text = `Note ${i}: the retry budget for the payments client is ${i + 3} attempts (wal-note-${i}).`;
  for (const [role, body] of [
    ['user', text],
    ['assistant', `Recorded wal-note-${i}.`],
  ]) {
    clock += 10;
    const id = `msg_wal_${String(i).padStart(5, '0')}_${role}`;
    addMessage.run(id, session, clock, clock, JSON.stringify({ role, time: { created: clock } }));
    addPart.run(`prt_wal_${String(i).padStart(5, '0')}_${role}`, id, session, clock, clock, JSON.stringify({ type: 'text', text: body }));
  }
  touch.run(clock, session);
  return `wal-note-${i}`;
}

let i = 0;
try {
  // One write transaction held open across the first sweep.
  conn.exec('BEGIN IMMEDIATE');
  const held = writePair(i++);
  mark('holding');
  while (!flag('commit')) sleep(20);
  conn.exec('COMMIT');
  notes.push(held);
} catch (e) {
  errors.push(String(e && e.code ? `${e.code}: ${e.message}` : e));
}
mark('committed');
while (!flag('stop')) {
  try {
    notes.push(conn.transaction(() => writePair(i))());
    i++;
  } catch (e) {
    errors.push(String(e && e.code ? `${e.code}: ${e.message}` : e));
  }
  sleep(15);
}
conn.close();
process.stdout.write(JSON.stringify({ notes, errors }));
