import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const recallTool = defineTool(P.MemoryRecall, {
  name: 'scry_recall',
  title: 'Recall from memory',
  description:
    'What past agent sessions on this machine learnt about a project, service, machine, tool, person or decision: its current facts ' +
    '(deployed on, uses, decided, status, notes), ranked by relevance and recency, with the sessions they came from. ' +
    'Ask by name or alias (`hermes`) or in words (`where do we deploy the API?`); `as_of` answers as things were at a past time. ' +
    'Use it before asking the user or re-discovering something a previous session may have settled. The answer is bounded; its last line says what was left out.',
  annotations: READ_ONLY,
  text: P.recallText,
});
