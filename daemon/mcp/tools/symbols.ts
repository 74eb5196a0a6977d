import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const symbolsTool = defineTool(P.Symbols, {
  name: 'scry_symbols',
  title: 'Outline of a file',
  description: "One file's outline: definitions with kind, line range and parent. Use it instead of reading a large file to see what it holds.",
  annotations: READ_ONLY,
});
