import type * as MonacoApi from 'monaco-editor/editor/editor.api';
import { defineThemes } from './monaco-themes';

export type Monaco = typeof MonacoApi;

let loading: Promise<Monaco> | null = null;

/**
 * Loads Monaco from the local package on first use, never at page load: it is
 * over 1 MiB gzip. Only the plain editor worker is served — the language
 * services (TypeScript's alone is 6.8 MiB) are not needed to show files.
 */
export function loadMonaco(): Promise<Monaco> {
  loading ??= (async () => {
    const { default: EditorWorker } = await import('monaco-editor/editor/editor.worker?worker');
    self.MonacoEnvironment = { getWorker: () => new EditorWorker() };
    const monaco = await import('monaco-editor/editor/editor.api');
    // Registers Monarch grammars only; each grammar's code loads when a file needs it.
    await import('monaco-editor/languages/definitions/register.all');
    // Icons in the diff gutter, folding and widgets come from the codicon font.
    await import('monaco-editor/features/codicon/register');
    // Token and diff colours that hold 4.5:1 (see monaco-themes.ts).
    defineThemes(monaco);
    return monaco;
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
