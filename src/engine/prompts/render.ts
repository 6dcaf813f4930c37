const PLACEHOLDER = /\{\{(.*?)\}\}/g;
const NAME = /^\w+$/;

/** The placeholder names a template uses, in order of first use. */
export function placeholdersOf(template: string): string[] {
  const names = new Set<string>();
  for (const match of template.matchAll(PLACEHOLDER)) names.add(checkedName(match[1] ?? '', template));
  return [...names];
}

/**
 * Fills each `{{name}}` in one pass, so a value that itself contains `{{…}}` or `$&` stays as written.
 * A placeholder without a value, or a value without a placeholder, is a bug in the caller: it throws.
 */
export function renderTemplate(template: string, values: Readonly<Record<string, string>>): string {
  const used = new Set<string>();
  const text = template.replace(PLACEHOLDER, (_match, inner: string) => {
    const name = checkedName(inner, template);
    if (!Object.hasOwn(values, name)) throw new Error(`prompt template: no value for {{${name}}} in ${preview(template)}`);
    used.add(name);
    return values[name] as string;
  });
  const unused = Object.keys(values).filter((name) => !used.has(name));
  if (unused.length > 0) throw new Error(`prompt template: unused value(s) ${unused.join(', ')} for ${preview(template)}`);
  return text;
}

function checkedName(inner: string, template: string): string {
  if (!NAME.test(inner)) throw new Error(`prompt template: malformed placeholder {{${inner}}} in ${preview(template)}`);
  return inner;
}

function preview(template: string): string {
  return JSON.stringify(template.length > 60 ? `${template.slice(0, 60)}…` : template);
}
