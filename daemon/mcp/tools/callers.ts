import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const callersTool = defineTool(P.Callers, {
  name: 'scry_callers',
  title: 'Callers of a function',
  description: 'Who calls a function or method: call sites, each with its caller. Use it instead of grep for "who calls X". scry_impact goes deeper.',
  annotations: READ_ONLY,
  rename: { name: 'symbol' },
});
