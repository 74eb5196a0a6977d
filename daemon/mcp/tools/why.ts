import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const whyTool = defineTool(P.MemoryWhy, {
  name: 'scry_why',
  title: 'Why is this code like this',
  description: "A symbol's definition, then what past sessions said about it and its file, oldest first, each marked fresh, drifted (moved or changed since) or gone. Use it before changing code.",
  annotations: READ_ONLY,
  rename: { name: 'symbol' },
  text: P.whyText,
});
