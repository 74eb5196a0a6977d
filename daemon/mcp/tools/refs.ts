import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const refsTool = defineTool(P.Refs, {
  name: 'scry_refs',
  title: 'References to a symbol',
  description:
    'Every reference to a code symbol (function, class, method, variable, type) from a pre-built semantic index, in about a millisecond. ' +
    'Use this instead of grep/rg when you want the uses of an identifier: it returns only real references to that symbol (no comments, strings or ' +
    'same-named unrelated symbols), each with file, line, column, the source line and the enclosing definition. ' +
    'Use grep for text that is not a symbol (strings, log messages, regexes, config keys).',
  annotations: READ_ONLY,
  rename: { name: 'symbol' },
});
