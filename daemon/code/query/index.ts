// The query engine: each query is a function over an open CodeStore.
export { answered, type Answer, type WithFreshness } from './answer';
export { callees } from './callees';
export { callers } from './callers';
export { freshness, parseIndexers, parseLanguages } from './freshness';
export { impact } from './impact';
export { impls } from './impls';
export { outline } from './outline';
export { refs } from './refs';
export { resolveName } from './names';
export { search } from './search';
export { suggestAmong } from './suggest-among';
export { READ_QUERIES, readQuery, type OverlayMerges, type QueryContext, type ReadQuery } from './methods';
