// Every language's and framework's tree-sitter reader, side by side: what
// each makes of its grammar's trees (definitions, references, the overlay's
// syntax rules). syntactic/ is the engine they plug into.
export { typescriptReader } from './typescript';
