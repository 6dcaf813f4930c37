import type * as MonacoApi from 'monaco-editor/editor/editor.api';

/**
 * Monaco themes for the page: Monaco's own "vs" and "vs-dark" with every token colour that falls
 * under 4.5:1 (WCAG AA, checked by axe in test/e2e/accessibility.e2e.ts) replaced by a darker
 * (light) or lighter (dark) shade of itself, and softer diff backgrounds. Each colour below holds
 * 4.5:1 or more over the editor background, the slice highlight (editor.css) and the diff's
 * inserted and removed line and text backgrounds drawn over each other.
 */
export const LIGHT_THEME = 'phasegate-light';
export const DARK_THEME = 'phasegate-dark';

const DIFF_LIGHT = {
  'diffEditor.insertedLineBackground': '#2ea0431f',
  'diffEditor.insertedTextBackground': '#2ea04333',
  'diffEditor.removedLineBackground': '#f851491f',
  'diffEditor.removedTextBackground': '#f8514933',
};

const DIFF_DARK = {
  'diffEditor.insertedLineBackground': '#2ea0431a',
  'diffEditor.insertedTextBackground': '#2ea04326',
  'diffEditor.removedLineBackground': '#f851491a',
  'diffEditor.removedTextBackground': '#f8514926',
};

const LIGHT: MonacoApi.editor.IStandaloneThemeData = {
  base: 'vs',
  inherit: true,
  rules: [
    { token: 'invalid', foreground: 'AE2A2A' },
    { token: 'variable.predefined', foreground: '415A99' },
    { token: 'constant', foreground: 'BC0000' },
    { token: 'comment', foreground: '006C00' },
    { token: 'number', foreground: '076A46' },
    { token: 'annotation', foreground: '5C5C5C' },
    { token: 'type', foreground: '006868' },
    { token: 'tag.id.pug', foreground: '3E5D88' },
    { token: 'tag.class.pug', foreground: '3E5D88' },
    { token: 'metatag', foreground: 'BC0000' },
    { token: 'metatag.content.html', foreground: 'BD0000' },
    { token: 'metatag.html', foreground: '5C5C5C' },
    { token: 'metatag.xml', foreground: '5C5C5C' },
    { token: 'attribute.name', foreground: 'BD0000' },
    { token: 'attribute.value.number', foreground: '076A46' },
    { token: 'attribute.value.unit', foreground: '076A46' },
    { token: 'string.sql', foreground: 'BD0000' },
    { token: 'keyword.flow', foreground: '9A00C1' },
    { token: 'operator.scss', foreground: '5C5C5C' },
    { token: 'operator.sql', foreground: '525E6A' },
    { token: 'operator.swift', foreground: '5C5C5C' },
    { token: 'predefined.sql', foreground: 'A500A5' },
  ],
  colors: DIFF_LIGHT,
};

const DARK: MonacoApi.editor.IStandaloneThemeData = {
  base: 'vs-dark',
  inherit: true,
  rules: [
    { token: 'invalid', foreground: 'F88282' },
    { token: 'variable.predefined', foreground: '95A5CE' },
    { token: 'constant', foreground: '6EAADC' },
    { token: 'comment', foreground: '8EAD81' },
    { token: 'regexp', foreground: 'CB94B5' },
    { token: 'annotation', foreground: 'DA9191' },
    { token: 'delimiter.html', foreground: 'A5A5A5' },
    { token: 'delimiter.xml', foreground: 'A5A5A5' },
    { token: 'tag', foreground: '6EAADC' },
    { token: 'tag.id.pug', foreground: '8DA6C9' },
    { token: 'tag.class.pug', foreground: '8DA6C9' },
    { token: 'meta.scss', foreground: 'B1A382' },
    { token: 'meta.tag', foreground: 'D19880' },
    { token: 'metatag', foreground: 'E58C90' },
    { token: 'metatag.html', foreground: '6EAADC' },
    { token: 'metatag.xml', foreground: '6EAADC' },
    { token: 'string.value.json', foreground: 'D19880' },
    { token: 'attribute.value', foreground: 'D19880' },
    { token: 'string', foreground: 'D19880' },
    { token: 'string.sql', foreground: 'FF7D7D' },
    { token: 'keyword', foreground: '6EAADC' },
    { token: 'keyword.flow', foreground: 'CB92C6' },
    { token: 'keyword.json', foreground: 'D19880' },
    { token: 'keyword.flow.scss', foreground: '6EAADC' },
    { token: 'operator.scss', foreground: 'A4A4A4' },
    { token: 'operator.sql', foreground: '99A6B3' },
    { token: 'operator.swift', foreground: 'A4A4A4' },
    { token: 'predefined.sql', foreground: 'FF61FF' },
  ],
  colors: DIFF_DARK,
};

export function defineThemes(monaco: typeof MonacoApi): void {
  monaco.editor.defineTheme(LIGHT_THEME, LIGHT);
  monaco.editor.defineTheme(DARK_THEME, DARK);
}
