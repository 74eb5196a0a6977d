// Python: scip-python for precise answers (indexers/python.ts), tree-sitter-python
// for the overlay and a repo's first index (readers/python.ts).
import { defineGrammar, defineLanguage } from './language';

const PY = defineGrammar({ id: 'python', wasm: { package: '@vscode/tree-sitter-wasm', file: 'wasm/tree-sitter-python.wasm' } });

export const python = defineLanguage({
  id: 'python',
  displayName: 'Python',
  extensions: { '.py': { grammar: PY }, '.pyi': { grammar: PY } },
  markers: ['pyproject.toml', 'setup.py', 'setup.cfg', 'requirements.txt', 'Pipfile'],
  tests: [/_test\.py$/, /(^|\/)test_[^/]*\.py$/, /(^|\/)conftest\.py$/],
});
