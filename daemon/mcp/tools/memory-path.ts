import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const memoryPathTool = defineTool(P.MemoryPath, {
  name: 'scry_memory_path',
  title: 'How two things are connected',
  description:
    'The shortest chain of current facts that connects two remembered entities (e.g. a service and the machine it runs on through its project), ' +
    'each hop with its fact and the session it came from. Use it to answer "how does X relate to Y".',
  annotations: READ_ONLY,
  text: P.pathText,
});
