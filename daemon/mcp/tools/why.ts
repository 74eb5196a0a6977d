import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const whyTool = defineTool(P.MemoryWhy, {
  name: 'scry_why',
  title: 'Why',
  description: 'Definition, then what sessions said about it: fresh, drifted or gone. Use it before changing code.',
  annotations: READ_ONLY,
  rename: { name: 'symbol' },
  text: P.whyText,
});
