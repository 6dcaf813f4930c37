import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe is put in the page with `page.addScriptTag({ content })`: the page sends no
 * Content-Security-Policy (scripts/serve.mjs, index.html), so an inline script runs.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

export const isSerious = (violation: AxeViolation): boolean => violation.impact === 'serious' || violation.impact === 'critical';

/** axe-core's violations on the page as it is, leaving out the `exclude` selectors. */
export async function axeViolations(page: Page, exclude: readonly string[] = []): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async (excluded) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const context = excluded.length > 0 ? { include: [document], exclude: excluded.map((selector) => [selector]) } : document;
    const results = await axe.run(context, { resultTypes: ['violations'] });
    return results.violations.map(({ id, impact, help, helpUrl, nodes }) => ({
      id,
      impact,
      help,
      helpUrl,
      nodes: nodes.map(({ target, html, failureSummary }) => ({ target, html, failureSummary })),
    }));
  }, exclude);
}

/** axe-core on the page as it is: its serious and critical violations, one line each (empty when none). */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page)).filter(isSerious).map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.map(String).join(' >> ')} ${node.html.slice(0, 120)}`)
        .join('; ')}`,
  );
}
