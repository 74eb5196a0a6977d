import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const symbolsTool = defineTool(P.Symbols, {
  name: 'scry_symbols',
  title: 'Outline of a file',
  description:
    'The outline of one file: every symbol it defines (classes, functions, methods, fields) with kind, line range and parent. ' +
    'Use this instead of reading a large file top to bottom to find what is in it; then read only the ranges you need.',
  annotations: READ_ONLY,
});
