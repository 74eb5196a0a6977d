// Anchoring: what memory mentions, resolved to the code (protocol/anchors.ts),
// and the remembered lines code answers carry. Reached only through the
// CodeLookup seam (lookup.ts) and the notes a domain is handed (remembered.ts).
export { AnchorResolver } from './resolver';
export { IndexLookup } from './lookup';
export { MAX_NOTES, remembered } from './remembered';
