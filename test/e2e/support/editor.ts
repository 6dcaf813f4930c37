import type { Page } from 'playwright-core';

/**
 * Line numbers of the editor lines carrying the slice highlight, read from the DOM: each highlighted
 * overlay row is matched to the line-number row at the same height. In a diff, the "after" side.
 */
export async function highlightedLines(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const shown = document.querySelector('.monaco-pane:not([hidden])');
    const editor = shown?.querySelector('.monaco-diff-editor .editor.modified') ?? shown?.querySelector('.monaco-editor');
    if (!editor) return [];
    const numberAt = new Map<string, number>();
    for (const row of editor.querySelectorAll<HTMLElement>('.margin-view-overlays > div')) {
      const text = row.querySelector('.line-numbers')?.textContent?.trim();
      if (text) numberAt.set(row.style.top, Number(text));
    }
    const lines = [...editor.querySelectorAll<HTMLElement>('.view-overlays .pg-slice')].map((el) => numberAt.get(el.parentElement?.style.top ?? '') ?? -1);
    return lines.sort((a, b) => a - b);
  });
}
