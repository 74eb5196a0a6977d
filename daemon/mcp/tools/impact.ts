import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const impactTool = defineTool(P.Impact, {
  name: 'scry_impact',
  title: 'What a change to a symbol affects',
  description:
    'The blast radius of changing a symbol: its callers over several levels, implementations, the files that import it and the tests that touch it. ' +
    'Use this before changing a signature or behaviour, instead of repeated grep passes; each entry has file and line to check.',
  annotations: READ_ONLY,
  rename: { name: 'symbol' },
});
