import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const searchTool = defineTool(P.Search, {
  name: 'scry_search',
  title: 'Find symbols by partial name',
  description:
    'Symbols whose name contains or fuzzily matches a pattern, best first, with kind and definition site. ' +
    'Use this when you know roughly what a symbol is called (e.g. "order repo") but not its exact name; then scry_defs / scry_refs on the hit. ' +
    'Use grep to search file contents, strings or regexes.',
  annotations: READ_ONLY,
});
