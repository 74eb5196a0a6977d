import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const memoryPathTool = defineTool(P.MemoryPath, {
  name: 'scry_memory_path',
  title: 'How two things are connected',
  description: 'The shortest chain of current facts linking two remembered entities, each hop with its session. Use it for "how does X relate to Y".',
  annotations: READ_ONLY,
  text: P.pathText,
});
