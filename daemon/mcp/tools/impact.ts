import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const impactTool = defineTool(P.Impact, {
  name: 'scry_impact',
  title: 'What a change to a symbol affects',
  description:
    'The blast radius of changing a symbol: callers (several levels), implementations, files using it, tests. Use it before changing a signature or behaviour.',
  annotations: READ_ONLY,
  rename: { name: 'symbol' },
});
