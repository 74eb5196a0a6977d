// Every language's and framework's tree-sitter reader, side by side: what
// each makes of its grammar's trees (definitions, references, and the syntax
// rules the overlay walks with). syntactic/ is the engine they plug into;
// languages/ is the catalog they read. One file per language or framework:
// php.ts with laravel.ts and facades.ts, elixir.ts with phoenix.ts and ecto.ts.
export { readerOf, syntaxOf } from './registry';
