import { z } from 'zod';
import * as P from '../../protocol';
import { limitField, repoField, searchResult } from '../schemas';
import { defineTool } from '../tool';

export const searchTool = defineTool({
  name: 'scry_search',
  title: 'Find symbols by partial name',
  description:
    'Symbols whose name contains or fuzzily matches a pattern, best first, with kind and definition site. ' +
    'Use this when you know roughly what a symbol is called (e.g. "order repo") but not its exact name; then scry_defs / scry_refs on the hit. ' +
    'Use grep to search file contents, strings or regexes.',
  input: {
    pattern: z.string().min(1).describe('Part of a symbol name, e.g. `processOrd` or `order repo`.'),
    kind: z.string().optional().describe('Only symbols of this kind: function, method, class, interface, type, variable, ...'),
    repo: repoField,
    limit: limitField,
  },
  output: searchResult,
  run: ({ pattern, kind, repo, limit }, ctx) => ctx.request(P.Search.type, { repo: ctx.repo(repo), pattern, kind, limit }),
});
