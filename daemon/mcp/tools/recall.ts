import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const recallTool = defineTool(P.MemoryRecall, {
  name: 'scry_recall',
  title: 'Recall from memory',
  description:
    'What past agent sessions learnt about a project, service, machine, tool, person or decision: current facts, and what the sessions said as short passages with the transcript lines to open. Ask by name or in words. Use it before asking the user or re-discovering.',
  annotations: READ_ONLY,
  text: P.recallText,
  // Recall's budget is in tokens, and its own default keeps an answer to a few KB.
  defaultBudget: 'daemon',
  fill: (params, ctx) => {
    params.cwd ??= ctx.repo(undefined);
  },
});
