import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const calleesTool = defineTool(P.Callees, {
  name: 'scry_callees',
  title: 'What a function calls',
  description:
    'The functions and constructors called from inside a function or method body, resolved to their definitions, each call site once (calls inside callbacks count; an inner function is a callee of its own). ' +
    'Use this instead of reading the whole function to learn what it depends on; read the file when you need the control flow itself.',
  annotations: READ_ONLY,
  rename: { name: 'symbol' },
});
