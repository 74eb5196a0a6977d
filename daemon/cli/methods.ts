// The daemon methods the CLI exposes as commands: those whose declaration
// carries a `cli` spec, in declaration order.
import { ALL_METHODS, type MethodDecl } from '../protocol';

export const CLI_METHODS: readonly MethodDecl[] = ALL_METHODS.filter((m) => m.cli !== undefined);
