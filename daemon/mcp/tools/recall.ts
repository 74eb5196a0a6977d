import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const recallTool = defineTool(P.MemoryRecall, {
  name: 'scry_recall',
  title: 'Recall from memory',
  description:
    'What past agent sessions learnt about a project, service, machine, tool, person or decision: current facts and their sessions. Ask by name or in words. Use it before asking the user or re-discovering.',
  annotations: READ_ONLY,
  text: P.recallText,
});
