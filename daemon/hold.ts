// Deliberate pauses that only tests ask for. Never set in normal use.
import * as fs from 'node:fs';

// The variable names how many ms to block this thread at one step (a swap, a
// committed file), so a test can kill the daemon in the middle of it deterministically.
export function holdForTests(variable: 'SCRY_TEST_SWAP_HOLD_MS' | 'SCRY_TEST_INGEST_HOLD_MS'): void {
  const ms = Number(process.env[variable]);
  if (ms > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * The variable names a file: the step waits (without blocking the thread)
 * until that file exists, so a test holds a precise build open for as long as
 * it asks questions, and lets it go by writing the file. An abort ends the wait.
 */
export async function gateForTests(variable: 'SCRY_TEST_PRECISE_GATE', signal: AbortSignal): Promise<void> {
  const file = process.env[variable];
  if (!file) return;
  while (!fs.existsSync(file) && !signal.aborted) await new Promise((resolve) => setTimeout(resolve, 50));
}
