import * as P from '../../protocol';
import { limitField, queryResult, repoField, symbolField } from '../schemas';
import { defineTool } from '../tool';

export const defsTool = defineTool({
  name: 'scry_defs',
  title: 'Definitions of a symbol',
  description:
    'Where a symbol is defined (declaration file, line and kind), from the semantic index. ' +
    'Use this instead of grepping for "function X" / "class X" / "def X": it finds the definition whatever the syntax and tells overloads and ' +
    'same-named symbols apart by their symbol_id. Follow with scry_refs for the uses.',
  input: { symbol: symbolField, repo: repoField, limit: limitField },
  output: queryResult,
  run: ({ symbol, repo, limit }, ctx) => ctx.request(P.Defs.type, { repo: ctx.repo(repo), name: symbol, limit }),
});
