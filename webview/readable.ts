// Labels that read (issue 36): at the zoom that fits the whole graph, a
// node's label must come out at 11 px or more. The page tells the host how
// many nodes its panel holds so (an estimate from its size when it opens,
// then a measured count after a fit came out smaller); the host cuts the
// opening view to that and says "N of M entities", rather than drawing
// labels nobody can read.

/** The smallest label, in screen pixels, at the fitted zoom. */
export const MIN_LABEL_PX = 11;
/** Screen area one node and its label take in a laid-out graph at zoom 1, measured on real memories. */
const AREA_PER_NODE = 25_000;

/** How many nodes a graph panel of this size can hold with readable labels. */
export function capacityOf(el: HTMLElement): number | undefined {
  const { width, height } = el.getBoundingClientRect();
  return width > 0 && height > 0 ? Math.max(1, Math.floor((width * height) / AREA_PER_NODE)) : undefined;
}

/**
 * After a fit: undefined when labels read, else how many nodes would (a fitted graph's area grows with
 * its node count, so the count that fits scales with the square of the zoom; a tenth off for margin).
 */
export function readableCount(nodes: number, labelPx: number): number | undefined {
  if (nodes === 0 || labelPx >= MIN_LABEL_PX) return undefined;
  return Math.max(1, Math.floor(nodes * (labelPx / MIN_LABEL_PX) ** 2 * 0.9));
}
