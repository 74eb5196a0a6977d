import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const defsTool = defineTool(P.Defs, {
  name: 'scry_defs',
  title: 'Definitions of a symbol',
  description:
    'Where a symbol is defined (declaration file, line and kind), from the semantic index. ' +
    'Use this instead of grepping for "function X" / "class X" / "def X": it finds the definition whatever the syntax and tells overloads and ' +
    'same-named symbols apart by their symbol_id. Follow with scry_refs for the uses.',
  annotations: READ_ONLY,
  rename: { name: 'symbol' },
});
