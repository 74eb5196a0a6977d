import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const searchTool = defineTool(P.Search, {
  name: 'scry_search',
  title: 'Find symbols by partial name',
  description: 'Symbols by partial name (prefix, camelCase, substring), best first, with kind and definition. Use it when you know roughly the name.',
  annotations: READ_ONLY,
});
