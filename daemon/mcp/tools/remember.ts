import * as P from '../../protocol';
import { defineTool, WRITES } from '../tool';

export const rememberTool = defineTool(P.MemoryRemember, {
  name: 'scry_remember',
  title: 'Remember a fact',
  description:
    'Keep a durable fact for future sessions (a decision, where something runs, how a task is done) in a sentence or two, naming what it is about in entity. Idempotent. No secrets.',
  annotations: WRITES,
  text: P.rememberText,
  fill: (params, ctx) => {
    params.cwd ??= ctx.repo(undefined);
  },
});
