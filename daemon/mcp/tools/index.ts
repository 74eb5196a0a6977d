// Every tool the MCP server offers, in the order agents see them.
//
// Memory tools (scry_recall, scry_episodes, scry_memory_path, scry_remember)
// join this list when the memory domain and its protocol methods exist: one
// file each under tools/, built with defineTool over the memory RPC methods,
// appended to MEMORY_TOOLS below. Nothing else in the server changes.
import type { ScryTool } from '../tool';
import { calleesTool } from './callees';
import { callersTool } from './callers';
import { defsTool } from './defs';
import { impactTool } from './impact';
import { implsTool } from './impls';
import { refsTool } from './refs';
import { searchTool } from './search';
import { statusTool } from './status';
import { symbolsTool } from './symbols';

export const CODE_TOOLS: readonly ScryTool[] = [refsTool, defsTool, callersTool, calleesTool, implsTool, searchTool, symbolsTool, impactTool, statusTool];

export const MEMORY_TOOLS: readonly ScryTool[] = [];

export const ALL_TOOLS: readonly ScryTool[] = [...CODE_TOOLS, ...MEMORY_TOOLS];
