import { joinPath } from '../paths';
import type { FsOverlay } from './fs-overlay';

/** vitest's and jest's config file extensions, in the order vitest looks for them. */
export const CONFIG_EXTENSIONS = ['ts', 'mts', 'cts', 'js', 'mjs', 'cjs'];
const CONFIG_FILES = [
  ...CONFIG_EXTENSIONS.map((ext) => `vitest.config.${ext}`),
  ...CONFIG_EXTENSIONS.map((ext) => `vite.config.${ext}`),
  ...CONFIG_EXTENSIONS.map((ext) => `vitest.workspace.${ext}`),
  ...[...CONFIG_EXTENSIONS, 'json'].map((ext) => `jest.config.${ext}`),
];

/** Config settings that change what a test file sees; the offline runner cannot honour them. */
const UNSUPPORTED_SETTINGS: [RegExp, string][] = [
  [/\bsetupFiles\b/, 'setupFiles'],
  [/\bsetupFilesAfterEnv\b/, 'setupFilesAfterEnv'],
  [/\bglobalSetup\b/, 'globalSetup'],
  [/\bmoduleNameMapper\b/, 'moduleNameMapper'],
  [/\balias\b/, 'alias'],
  [/\b(testEnvironment|environment)\b['"]?\s*:\s*['"](jsdom|happy-dom|edge-runtime)/, 'a DOM test environment (jsdom, happy-dom)'],
  [/\btransform\b['"]?\s*:/, 'transform'],
  [/\bsnapshotSerializers\b/, 'snapshotSerializers'],
];

/** A setting the runner lacks, and where it was found. */
export interface UnsupportedSetting {
  setting: string;
  file: string;
}

/**
 * Settings of vitest/vite/jest config files in `dir` (and package.json's "jest") that the offline
 * runner cannot honour. The files are read as text, not run: a match is reported, never ignored.
 */
export function unsupportedConfigSettings(fs: FsOverlay, dir: string): UnsupportedSetting[] {
  const found: UnsupportedSetting[] = [];
  const scan = (file: string, text: string) => {
    for (const [pattern, setting] of UNSUPPORTED_SETTINGS) if (pattern.test(text)) found.push({ setting, file });
  };
  for (const name of CONFIG_FILES) {
    const path = joinPath(dir, name);
    if (fs.stat(path)?.type === 'file') scan(name, fs.readText(path));
  }
  const packagePath = joinPath(dir, 'package.json');
  if (fs.stat(packagePath)?.type === 'file') {
    try {
      const parsed: unknown = JSON.parse(fs.readText(packagePath));
      if (parsed && typeof parsed === 'object' && 'jest' in parsed) scan('package.json "jest"', JSON.stringify(parsed.jest));
    } catch {
      // A broken package.json is npm's to report.
    }
  }
  return found;
}
