// The daemon methods the CLI exposes as commands: those whose declaration
// carries a `cli` spec, in declaration order. The memory declarations (a
// third of the CLI's bundle) are evaluated only when a command needs them
// (`scry memory …`, the usage text, a session hook): a code query's start-up
// never pays for them.
import { CORE_METHODS } from '../protocol/daemon';
import type { MethodDecl } from '../protocol/method';

type MemoryProtocol = typeof import('../protocol/memory');

const withCli = (methods: readonly MethodDecl[]): readonly MethodDecl[] => methods.filter((m) => m.cli !== undefined);

/** The daemon's and the code index's commands. */
export const CODE_CLI_METHODS = withCli(CORE_METHODS);

let memory: MemoryProtocol | undefined;
/** The memory domain's declarations, evaluated on first use (esbuild keeps a lazy require inside the bundle lazy). */
export const memoryProtocol = (): MemoryProtocol => (memory ??= require('../protocol/memory') as MemoryProtocol);

let all: readonly MethodDecl[] | undefined;
/** Every command, memory's included. */
export const allCliMethods = (): readonly MethodDecl[] => (all ??= [...CODE_CLI_METHODS, ...withCli(memoryProtocol().MEMORY_METHODS)]);
