import * as P from '../../protocol';
import { limitField, queryResult, repoField, symbolField } from '../schemas';
import { defineTool } from '../tool';

export const implsTool = defineTool({
  name: 'scry_impls',
  title: 'Implementations of an interface or class',
  description:
    'Classes that implement an interface or extend a class, and methods that implement or override a method, from the indexer\'s type relationships. ' +
    'Use this instead of grepping for "implements X" / "extends X": it also finds implementations that are structural or declared elsewhere.',
  input: { symbol: symbolField, repo: repoField, limit: limitField },
  output: queryResult,
  run: ({ symbol, repo, limit }, ctx) => ctx.request(P.Impls.type, { repo: ctx.repo(repo), name: symbol, limit }),
});
