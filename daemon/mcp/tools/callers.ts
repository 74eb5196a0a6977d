import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const callersTool = defineTool(P.Callers, {
  name: 'scry_callers',
  title: 'Callers of a function',
  description:
    'The call sites of a function or method, each with the function that makes the call (computed at index time). ' +
    'Use this instead of grep for "who calls X": it skips imports, type mentions and comments, and names each caller so you can walk up the call graph. ' +
    'When several symbols share the name, call sites are grouped by which one they call, the repo\'s own first; calls of a library method of the same name are counted, not listed (include_external lists them). ' +
    'For the blast radius of a change over several levels, use scry_impact.',
  annotations: READ_ONLY,
  rename: { name: 'symbol' },
});
