// Is a process still holding its resources? Used by `scry stop` and by tests.
import * as fs from 'node:fs';

/**
 * Alive, and not merely a zombie. A zombie (exited, not yet reaped by its
 * adoptive parent) is not alive, but a dying process's main thread turns
 * zombie before its other threads exit and release the socket and the lock:
 * so it counts as alive until every thread is a zombie.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return fs.readdirSync(`/proc/${pid}/task`).some((tid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        return stat[stat.lastIndexOf(')') + 2] !== 'Z';
      } catch {
        return false;
      }
    });
  } catch {
    return true; // no /proc (macOS): kill(0) is all we can know
  }
}
