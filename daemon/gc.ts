// A full garbage collection on demand, for the moment the daemon goes idle
// (its last index closed): V8 otherwise keeps the heap it grew for a build
// or a burst of queries until allocation pressure returns, which an idle
// daemon never has. Node exposes gc() only behind --expose-gc; the flag is
// set at run time and the function taken from a fresh context.
import * as v8 from 'node:v8';
import * as vm from 'node:vm';

let gc: (() => void) | undefined;

export function collectGarbage(): void {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as () => void;
  }
  gc();
}
