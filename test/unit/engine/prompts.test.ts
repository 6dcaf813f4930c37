import { describe, expect, it } from 'vitest';
import { buildPhaseLayer } from '../../../src/engine/phase-prompt';
import { DEFAULT_POLICY } from '../../../src/engine/policy';
import * as prompts from '../../../src/engine/prompts';
import { placeholdersOf, renderTemplate } from '../../../src/engine/prompts';
import { PHASES } from '../../../src/protocol/phases';

describe('renderTemplate', () => {
  it('fills every placeholder, repeated ones included', () => {
    expect(renderTemplate('{{a}} and {{b}}, again {{a}}', { a: 'x', b: 'y' })).toBe('x and y, again x');
    expect(renderTemplate('no placeholders', {})).toBe('no placeholders');
  });

  it('leaves `{{…}}` and `$` patterns inside values as written', () => {
    expect(renderTemplate('<{{a}}|{{b}}>', { a: '{{b}}', b: "$& $1 $$ $'" })).toBe("<{{b}}|$& $1 $$ $'>");
  });

  it('fails on a placeholder without a value', () => {
    expect(() => renderTemplate('Hello {{name}}', {})).toThrow(/no value for \{\{name\}\}/);
    // Inherited keys are not values.
    expect(() => renderTemplate('{{constructor}}', {})).toThrow(/no value for \{\{constructor\}\}/);
  });

  it('fails on a value without a placeholder', () => {
    expect(() => renderTemplate('Hello {{name}}', { name: 'a', extra: 'b' })).toThrow(/unused value\(s\) extra/);
  });

  it('fails on a malformed placeholder instead of leaving it in the text', () => {
    expect(() => renderTemplate('Hello {{ name }}', { name: 'a' })).toThrow(/malformed placeholder/);
    expect(() => placeholdersOf('{{}}')).toThrow(/malformed placeholder/);
  });

  it('lists placeholders once each, in order', () => {
    expect(placeholdersOf('{{b}} {{a}} {{b}}')).toEqual(['b', 'a']);
  });
});

/** Every exported template: plain strings and tables of strings. */
function allTemplates(): [string, string][] {
  const found: [string, string][] = [];
  for (const [name, value] of Object.entries(prompts)) {
    if (typeof value === 'string') found.push([name, value]);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, text] of Object.entries(value)) if (typeof text === 'string') found.push([`${name}.${key}`, text]);
    }
  }
  return found;
}

describe('prompt templates', () => {
  it('are all found', () => {
    expect(allTemplates().length).toBeGreaterThanOrEqual(17);
  });

  it.each(allTemplates())('%s renders with a value for each placeholder', (_name, template) => {
    const values = Object.fromEntries(placeholdersOf(template).map((name) => [name, `<${name}>`]));
    const text = renderTemplate(template, values);
    expect(text).not.toMatch(/\{\{|\}\}/);
    for (const name of Object.keys(values)) expect(text).toContain(`<${name}>`);
    if (Object.keys(values).length === 0) expect(text).toBe(template);
  });

  it('the phase order in the phase layer comes from PHASES', () => {
    expect(buildPhaseLayer(DEFAULT_POLICY)).toContain(`phases: ${PHASES.join(' → ')}.`);
  });
});
