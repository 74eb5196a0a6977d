// A deliberate pause that only tests ask for: the variable names how many ms
// to block this thread at one step (a swap, a committed file), so a test can
// kill the daemon in the middle of it deterministically. Never set in normal use.
export function holdForTests(variable: 'SCRY_TEST_SWAP_HOLD_MS' | 'SCRY_TEST_INGEST_HOLD_MS'): void {
  const ms = Number(process.env[variable]);
  if (ms > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
