// Every tool the MCP server offers, in the order agents see them.
// Memory tools are one file each too, over the memory RPC methods; they
// answer in compact text (JSON with format: "json").
import type { ScryTool } from '../tool';
import { calleesTool } from './callees';
import { callersTool } from './callers';
import { defsTool } from './defs';
import { episodesTool } from './episodes';
import { impactTool } from './impact';
import { implsTool } from './impls';
import { memoryPathTool } from './memory-path';
import { recallTool } from './recall';
import { refsTool } from './refs';
import { rememberTool } from './remember';
import { searchTool } from './search';
import { statusTool } from './status';
import { symbolsTool } from './symbols';
import { whyTool } from './why';

export const CODE_TOOLS: readonly ScryTool[] = [refsTool, defsTool, callersTool, calleesTool, implsTool, searchTool, symbolsTool, impactTool, statusTool];

export const MEMORY_TOOLS: readonly ScryTool[] = [recallTool, episodesTool, memoryPathTool, rememberTool, whyTool];

export const ALL_TOOLS: readonly ScryTool[] = [...CODE_TOOLS, ...MEMORY_TOOLS];
