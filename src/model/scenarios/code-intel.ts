import type { Scenario } from '../scenario';

export const GEOMETRY_PATH = 'src/geometry.ts';

export const GEOMETRY_SOURCE = `/** An axis-aligned rectangle. */
export class Rectangle {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  area(): number {
    return this.width * this.height;
  }

  perimeter(): number {
    return 2 * (this.width + this.height);
  }

  /** A copy grown (or shrunk) by \`factor\` on both sides. */
  scale(factor: number): Rectangle {
    return new Rectangle(this.width * factor, this.height * factor);
  }
}

/** The summed area of every rectangle. */
export function totalArea(shapes: readonly Rectangle[]): number {
  return shapes.reduce((sum, shape) => sum + shape.area(), 0);
}
`;

/** The edit that drops a closing parenthesis: the syntax check reports it. */
export const BREAKING_EDIT = {
  path: GEOMETRY_PATH,
  search: '    return 2 * (this.width + this.height);',
  replace: '    return 2 * (this.width + this.height;',
};

/** The edit that puts it back. */
export const FIXING_EDIT = {
  path: GEOMETRY_PATH,
  search: BREAKING_EDIT.replace,
  replace: BREAKING_EDIT.search,
};

/** Code intelligence on the starter project: outline a new TypeScript file, read one method, break and fix the syntax. */
export const codeIntel: Scenario = {
  name: 'code-intel',
  title: 'Code intelligence (outline, symbols, syntax check)',
  description:
    'Creates src/geometry.ts with a Rectangle class, outlines it, reads one method by its qualified name, makes an edit that breaks the syntax, sees the syntax check report it, and fixes it.',
  defaultTask: 'Add a small TypeScript geometry module and review one of its methods.',
  turns: [
    {
      text: 'I will add the geometry module as src/geometry.ts: a Rectangle class with area, perimeter and scale, and a totalArea helper.',
      toolCalls: [{ name: 'create_file', args: { path: GEOMETRY_PATH, content: GEOMETRY_SOURCE } }],
    },
    {
      text: 'Let me check the structure the parser sees.',
      toolCalls: [{ name: 'outline', args: { path: GEOMETRY_PATH } }],
    },
    {
      text: 'The outline shows Rectangle with its constructor and three methods. I will read just the perimeter method.',
      toolCalls: [{ name: 'read_file', args: { path: GEOMETRY_PATH, symbol: 'Rectangle.perimeter' } }],
    },
    {
      text: 'I will tidy the perimeter expression.',
      toolCalls: [{ name: 'edit_file', args: BREAKING_EDIT }],
    },
    {
      text: 'The syntax check says that edit left a parenthesis open. Putting it back.',
      toolCalls: [{ name: 'edit_file', args: FIXING_EDIT }],
    },
    {
      text: 'No syntax errors reported this time. Reading the method once more to confirm it is whole.',
      toolCalls: [{ name: 'read_file', args: { path: GEOMETRY_PATH, symbol: 'Rectangle.perimeter' } }],
    },
    {
      text:
        'Done. src/geometry.ts defines Rectangle (constructor, area, perimeter, scale) and totalArea. ' +
        'An edit of perimeter briefly dropped a closing parenthesis; the syntax check after the write caught it ' +
        'and the next edit restored it, so the file parses cleanly.',
    },
  ],
};
