// SymbolInformation.Kind numbers from the SCIP specification, as the lowercase
// names Scry reports. Numbers not listed fall back to the descriptor suffix.
const KIND_NAMES: Record<number, string> = {
  1: 'array',
  2: 'assertion',
  3: 'associated_type',
  4: 'attribute',
  5: 'axiom',
  6: 'boolean',
  7: 'class',
  8: 'constant',
  9: 'constructor',
  10: 'data_family',
  11: 'enum',
  12: 'enum_member',
  13: 'event',
  14: 'fact',
  15: 'field',
  16: 'file',
  17: 'function',
  18: 'getter',
  19: 'grammar',
  20: 'instance',
  21: 'interface',
  22: 'key',
  23: 'lang',
  24: 'lemma',
  25: 'macro',
  26: 'method',
  27: 'method_receiver',
  28: 'message',
  29: 'module',
  30: 'namespace',
  31: 'null',
  32: 'number',
  33: 'object',
  34: 'operator',
  35: 'package',
  36: 'package_object',
  37: 'parameter',
  38: 'parameter_label',
  39: 'pattern',
  40: 'predicate',
  41: 'property',
  42: 'protocol',
  43: 'quasiquoter',
  44: 'self_parameter',
  45: 'setter',
  46: 'signature',
  47: 'subscript',
  48: 'string',
  49: 'struct',
  50: 'tactic',
  51: 'theorem',
  52: 'this_parameter',
  53: 'trait',
  54: 'type',
  55: 'type_alias',
  56: 'type_class',
  57: 'type_family',
  58: 'type_parameter',
  59: 'union',
  60: 'value',
  61: 'variable',
  62: 'contract',
  63: 'error',
  64: 'library',
  65: 'modifier',
  66: 'abstract_method',
  67: 'method_specification',
  68: 'protocol_method',
  69: 'pure_virtual_method',
  70: 'trait_method',
  71: 'type_class_method',
  72: 'accessor',
  73: 'delegate',
  74: 'method_alias',
  75: 'singleton_class',
  76: 'singleton_method',
  77: 'static_data_member',
  78: 'static_event',
  79: 'static_field',
  80: 'static_method',
  81: 'static_property',
  82: 'static_variable',
};

/** Every kind name SCIP defines. */
export const SCIP_KIND_NAMES: ReadonlySet<string> = new Set(Object.values(KIND_NAMES));

const KIND_NUMBERS: ReadonlyMap<string, number> = new Map(Object.entries(KIND_NAMES).map(([n, name]) => [name, Number(n)]));

/** The SCIP Kind number of a kind name Scry reports; 0 (unspecified) for one SCIP does not define (`type`, merged kinds). */
export const kindNumber = (name: string): number => KIND_NUMBERS.get(name) ?? 0;

export function kindName(kind: number): string | undefined {
  return KIND_NAMES[kind];
}

// Keywords that introduce a definition, checked on the definition's own source
// line when the indexer leaves Kind unspecified (scip-typescript does).
const DECLARATION_KEYWORDS: ReadonlyArray<[RegExp, string]> = [
  [/\binterface\s+$/, 'interface'],
  [/\bclass\s+$/, 'class'],
  [/\benum\s+$/, 'enum'],
  [/\btype\s+$/, 'type_alias'],
  [/\b(function\*?|def|func|fn)\s+$/, 'function'],
  [/\b(namespace|module)\s+$/, 'namespace'],
  [/\bconst\s+$/, 'constant'],
  [/\b(let|var)\s+$/, 'variable'],
  [/\bstruct\s+$/, 'struct'],
];

/** Refines a suffix-derived kind using the text just before the definition's name. */
export function kindFromDeclaration(textBeforeName: string, suffixKind: string): string {
  for (const [re, kind] of DECLARATION_KEYWORDS) {
    if (re.test(textBeforeName)) {
      if (kind === 'function' && suffixKind === 'method') return 'method';
      return kind;
    }
  }
  if (suffixKind === 'type') return 'type';
  return suffixKind;
}
