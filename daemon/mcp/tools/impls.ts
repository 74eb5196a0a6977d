import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const implsTool = defineTool(P.Impls, {
  name: 'scry_impls',
  title: 'Implementations of an interface or class',
  description: 'Implementations, subclasses and overrides of an interface, class or method. Use it instead of grepping for "implements X" or "extends X".',
  annotations: READ_ONLY,
  rename: { name: 'symbol' },
});
