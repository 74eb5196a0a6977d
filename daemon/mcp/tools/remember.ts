import * as P from '../../protocol';
import { defineTool, WRITES } from '../tool';

export const rememberTool = defineTool(P.MemoryRemember, {
  name: 'scry_remember',
  title: 'Remember a fact',
  description:
    'Keep a durable fact for future sessions: a decision, where something is deployed, how a task is done, a preference of the user. ' +
    'One or two plain sentences; name what it is about in `entity` (`machine:web-2` gives a new one its type). Stored at once and resolved in ' +
    'milliseconds; remembering the same sentence again changes nothing. Do not store secrets (they are redacted) or what the code itself says.',
  annotations: WRITES,
  text: P.rememberText,
  fill: (params, ctx) => {
    params.cwd ??= ctx.repo(undefined);
  },
});
