type Transform = (source: string, path: string) => string;

let loading: Promise<Transform> | null = null;

/** Whether a file needs its types stripped before it runs. */
export function isTypeScript(path: string): boolean {
  return /\.[mc]?ts$/.test(path) && !path.endsWith('.d.ts');
}

/**
 * Removes TypeScript's types (like Node 22's --experimental-strip-types), leaving imports and
 * exports as they are. sucrase is loaded only when a program has TypeScript files.
 */
export function loadTypeStripper(): Promise<Transform> {
  loading ??= import('sucrase').then(
    ({ transform }) =>
      (source: string, path: string) =>
        transform(source, { transforms: ['typescript'], filePath: path, keepUnusedImports: false, disableESTransforms: true }).code,
  );
  return loading;
}
