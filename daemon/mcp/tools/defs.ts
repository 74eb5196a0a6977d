import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const defsTool = defineTool(P.Defs, {
  name: 'scry_defs',
  title: 'Definitions of a symbol',
  description: 'Where a symbol is defined (file, line, kind), same-named symbols told apart. Use it instead of grepping for "function X" or "class X".',
  annotations: READ_ONLY,
  rename: { name: 'symbol' },
});
