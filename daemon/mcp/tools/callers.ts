import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const callersTool = defineTool(P.Callers, {
  name: 'scry_callers',
  title: 'Callers of a function',
  description:
    'The call sites of a function or method, each with its calling function. Use it instead of grep for "who calls X". scry_impact goes deeper.',
  annotations: READ_ONLY,
  rename: { name: 'symbol' },
});
