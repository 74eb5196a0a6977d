import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const refsTool = defineTool(P.Refs, {
  name: 'scry_refs',
  title: 'References to a symbol',
  description:
    'Find references (usages) of a code symbol: file, line, enclosing definition and use. Use it instead of grep/rg for a name (no comments, strings or same-named symbols).',
  annotations: READ_ONLY,
  rename: { name: 'symbol' },
});
