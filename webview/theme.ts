// Colours and shapes per entity type, from the editor's theme. Cytoscape
// draws on a canvas and cannot read CSS variables itself, so the page reads
// them here and restyles when VS Code switches theme (the body's class).
import { ENTITY_TYPES } from './protocol';

export type NodeShape = 'round-rectangle' | 'ellipse' | 'rectangle' | 'diamond' | 'pentagon' | 'hexagon' | 'tag' | 'triangle' | 'octagon' | 'barrel';

interface TypeLook {
  shape: NodeShape;
  /** A VS Code theme colour variable, with a fallback for the standalone page. */
  colourVar: string;
  fallback: string;
}

const LOOKS: Record<string, TypeLook> = {
  project: { shape: 'round-rectangle', colourVar: '--vscode-charts-blue', fallback: '#3794ff' },
  service: { shape: 'ellipse', colourVar: '--vscode-charts-green', fallback: '#89d185' },
  machine: { shape: 'rectangle', colourVar: '--vscode-charts-orange', fallback: '#d18616' },
  tool: { shape: 'diamond', colourVar: '--vscode-charts-purple', fallback: '#b180d7' },
  person: { shape: 'pentagon', colourVar: '--vscode-charts-yellow', fallback: '#cca700' },
  decision: { shape: 'hexagon', colourVar: '--vscode-charts-red', fallback: '#f14c4c' },
  runbook: { shape: 'tag', colourVar: '--vscode-terminal-ansiCyan', fallback: '#11a8cd' },
  concept: { shape: 'triangle', colourVar: '--vscode-terminal-ansiMagenta', fallback: '#bc3fbc' },
  file: { shape: 'barrel', colourVar: '--vscode-terminal-ansiGreen', fallback: '#0dbc79' },
  other: { shape: 'octagon', colourVar: '--vscode-descriptionForeground', fallback: '#999999' },
};

export const LEGEND_TYPES: readonly string[] = [...ENTITY_TYPES, 'other'];

export const typeKey = (type: string): string => (type in LOOKS ? type : 'other');
export const shapeOf = (type: string): NodeShape => LOOKS[typeKey(type)]!.shape;

export interface Palette {
  types: Record<string, string>;
  foreground: string;
  background: string;
  edge: string;
  focus: string;
  selection: string;
  /** High contrast themes: thicker borders, no translucency. */
  highContrast: boolean;
  font: string;
}

export function readPalette(): Palette {
  const css = getComputedStyle(document.body);
  const v = (name: string, fallback: string): string => css.getPropertyValue(name).trim() || fallback;
  const types: Record<string, string> = {};
  for (const [k, look] of Object.entries(LOOKS)) types[k] = v(look.colourVar, look.fallback);
  return {
    types,
    foreground: v('--vscode-editor-foreground', '#cccccc'),
    background: v('--vscode-editor-background', '#1e1e1e'),
    edge: v('--vscode-editorLineNumber-foreground', '#858585'),
    focus: v('--vscode-focusBorder', '#007fd4'),
    selection: v('--vscode-editor-selectionBackground', '#264f78'),
    highContrast: document.body.classList.contains('vscode-high-contrast') || document.body.classList.contains('vscode-high-contrast-light'),
    font: v('--vscode-font-family', 'sans-serif'),
  };
}
