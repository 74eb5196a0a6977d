import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const implsTool = defineTool(P.Impls, {
  name: 'scry_impls',
  title: 'Implementations of an interface or class',
  description:
    'Classes that implement an interface or extend a class, and methods that implement or override a method, from the indexer\'s type relationships. ' +
    'Use this instead of grepping for "implements X" / "extends X": it also finds implementations that are structural or declared elsewhere.',
  annotations: READ_ONLY,
  rename: { name: 'symbol' },
});
