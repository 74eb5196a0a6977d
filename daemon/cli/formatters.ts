// Entry point of dist/formatters.js: how answers read for a person (human)
// and for a model (compact). The CLI loads it only to print one of those:
// the JSON a script or an agent's tool reads needs none of it, and every
// kilobyte here is parsed on each CLI start otherwise.
export { FORMATTERS } from './format';
export { COMPACT_FORMATTERS } from '../protocol/compact';
