import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const whyTool = defineTool(P.MemoryWhy, {
  name: 'scry_why',
  title: 'Why',
  description: 'What sessions said about a symbol: fresh, drifted or gone now. Use it before changing code.',
  annotations: READ_ONLY,
  rename: { name: 'symbol' },
  text: P.whyText,
});
