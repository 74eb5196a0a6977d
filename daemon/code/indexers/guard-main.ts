// Entry point of dist/indexer-guard.js: `node indexer-guard.js COMMAND ARGS...`.
// The daemon starts every indexer through this guard, as the leader of a
// process group of its own, with the read end of a pipe as its stdin. The
// indexer runs in that group. When the daemon goes, however it goes (a
// SIGKILL included), the pipe closes and the guard kills the whole group, so
// no indexer outlives the daemon that wanted its output. Node has no
// PR_SET_PDEATHSIG; a pipe the child watches is the portable form of it.
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write('indexer-guard: no command given\n');
  process.exit(2);
}

const killGroup = (): void => {
  try {
    process.kill(-process.pid, 'SIGKILL');
  } catch {
    process.exit(137);
  }
};

// stdin is the lifeline: nothing is ever written to it; its end means the daemon is gone.
process.stdin.on('end', killGroup);
process.stdin.on('close', killGroup);
process.stdin.on('error', killGroup);
process.stdin.resume();

const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
child.on('error', (err) => {
  process.stderr.write(`indexer-guard: could not start '${command}': ${err.message}\n`);
  process.exit(127);
});
child.on('exit', (code, signal) => {
  process.stdin.removeAllListeners();
  process.stdin.destroy();
  // The indexer's own end, passed on: its exit code, or the signal that ended it.
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
