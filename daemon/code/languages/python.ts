// Python: scip-python for precise answers, tree-sitter-python for the overlay.
// Python declares attributes and module variables by assignment, and methods
// are plain functions inside a class, so its rules look at where a name sits.
import { preparePython, PY_INDEXER } from '../indexers/python';
import { defineGrammar, defineLanguage, type SyntaxFrame, type SyntaxRules } from './language';
import { pythonReader } from '../readers/python';

const RULES: SyntaxRules = {
  names: new Set(['identifier']),
  definitions: { function_definition: 'function', class_definition: 'class' },
  calls: { call: 'function' },
  members: { attribute: 'attribute' },
  kindOf: (_node, type, declared, frames) => (type === 'function_definition' && isDirectlyInClass(frames) ? 'method' : declared),
  // Assignments inside a function are locals, not definitions anyone looks up.
  bareDefinition(parent, field, frames) {
    if (parent.type !== 'assignment' || field !== 'left' || frames.some((f) => f.type === 'function_definition')) return undefined;
    return frames.some((f) => f.type === 'class_definition') ? 'property' : 'variable';
  },
};

function isDirectlyInClass(frames: readonly SyntaxFrame[]): boolean {
  // function_definition <- block <- class_definition (possibly through a decorated_definition)
  for (let i = frames.length - 1; i >= 0; i--) {
    const t = frames[i]!.type;
    if (t === 'class_definition') return true;
    if (t === 'function_definition') return false;
  }
  return false;
}

const PY = defineGrammar({ id: 'python', wasm: { package: '@vscode/tree-sitter-wasm', file: 'wasm/tree-sitter-python.wasm' }, rules: RULES });

export const python = defineLanguage({
  id: 'python',
  displayName: 'Python',
  extensions: { '.py': { grammar: PY }, '.pyi': { grammar: PY } },
  markers: ['pyproject.toml', 'setup.py', 'setup.cfg', 'requirements.txt', 'Pipfile'],
  tests: [/_test\.py$/, /(^|\/)test_[^/]*\.py$/, /(^|\/)conftest\.py$/],
  indexer: { name: PY_INDEXER, processNames: [PY_INDEXER], prepare: preparePython },
  syntactic: pythonReader,
});
