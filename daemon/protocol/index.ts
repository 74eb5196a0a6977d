// Every JSON-RPC method the daemon answers, declared once (see method.ts).
// The CLI, the MCP server and the extension all import this, so a renamed
// method or a changed shape is a compile error on both ends.
export * from './method';
export * from './errors';
export * from './daemon';
export * from './code';
export * from './memory';
export * from './memory-text';
export * from './compact';
export * from './plural';
export * from './vocabulary';
export * from './anchors';
export * from './why';

import { CORE_METHODS } from './daemon';
import { MEMORY_METHODS } from './memory';

/** Every method, once; clients derive commands and tools from this list. */
export const ALL_METHODS = [...CORE_METHODS, ...MEMORY_METHODS] as const;
