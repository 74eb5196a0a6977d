// C++: read by the syntactic indexer (readers/cpp.ts). C owns `.h`, but a
// header is C++'s in a C++ project (C++ sources beside it, or a CMake build
// that enables CXX) and wherever its own text is C++.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { defineGrammar, defineLanguage } from './language';

const CPP = defineGrammar({ id: 'cpp', wasm: { package: '@vscode/tree-sitter-wasm', file: 'wasm/tree-sitter-cpp.wasm' } });

const EXTENSIONS = Object.fromEntries(['.cpp', '.cc', '.cxx', '.hpp', '.hh', '.hxx'].map((e) => [e, { grammar: CPP }]));

/**
 * Lines only C++ starts this way (a C header may say `extern "C"` for C++'s
 * sake, which proves nothing): templates, namespaces, classes (defined or
 * declared), access specifiers, using-directives.
 */
const CXX_ONLY =
  /^[ \t]*(?:template[ \t]*<|namespace(?:[ \t]+[\w:]+)?[ \t]*\{|using[ \t]+namespace[ \t]+\w|class[ \t]+[A-Za-z_]\w*(?:[ \t]+final)?[ \t]*(?:[:;{]|$)|(?:public|protected|private)[ \t]*:(?!:))/m;

/** CMake enables C++ by name (a bare `project(x)` enables C and C++ alike, so it says nothing). */
const CMAKE_CXX = /\bproject\s*\([^)]*\bCXX\b|\benable_language\s*\(\s*CXX\b|\bCMAKE_CXX_STANDARD\b/i;

function cmakeEnablesCxx(repo: string): boolean {
  try {
    return CMAKE_CXX.test(fs.readFileSync(path.join(repo, 'CMakeLists.txt'), 'utf8'));
  } catch {
    return false;
  }
}

export const cpp = defineLanguage({
  id: 'cpp',
  displayName: 'C++',
  extensions: EXTENSIONS,
  markers: ['CMakeLists.txt'],
  tests: [/(^|\/)tests?\//, /_test\.(cc|cpp)$/, /_unittest\.(cc|cpp)$/],
  claims: {
    '.h': {
      grammar: CPP,
      project: (repo, extensions) => Object.keys(EXTENSIONS).some((e) => extensions.has(e)) || cmakeEnablesCxx(repo),
      text: (text) => CXX_ONLY.test(text),
    },
  },
});
