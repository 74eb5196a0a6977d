import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const calleesTool = defineTool(P.Callees, {
  name: 'scry_callees',
  title: 'What a function calls',
  description: 'What a function or method calls, resolved to definitions, each call site once. Use it to learn what a function depends on without reading it.',
  annotations: READ_ONLY,
  rename: { name: 'symbol' },
});
