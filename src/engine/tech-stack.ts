import { z } from 'zod';
import type { Sandbox } from '../sandbox/port';
import { confineToWorkspace } from '../tools/real-path';

/**
 * The tech stack for the system prompt's project layer, read from the manifests at the workspace
 * root: the ecosystem, its first dependencies and (for package.json) its scripts, in a line or two.
 * Only names are read; a manifest that does not parse still says which ecosystem the project uses.
 */

/** Dependencies named per manifest; the rest are counted ("+3 more"). */
const NAMES_SHOWN = 5;
/** A manifest larger than this is named but not read. */
const MAX_MANIFEST_BYTES = 256 * 1024;
/** The whole line stays short however many manifests there are. */
const MAX_STACK_CHARS = 400;
const MAX_NAME_CHARS = 40;

interface Manifest {
  file: string;
  ecosystem: string;
  /** Dependency names and, for package.json, script names; throws when the file does not parse. */
  read: (text: string) => { dependencies: string[]; scripts?: string[] };
}

const NameMap = z.record(z.string(), z.unknown()).optional();
const PackageJson = z.object({ dependencies: NameMap, devDependencies: NameMap, peerDependencies: NameMap, scripts: NameMap });
const ComposerJson = z.object({ require: NameMap, 'require-dev': NameMap });

const keys = (map: Record<string, unknown> | undefined) => Object.keys(map ?? {});
const matches = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1] ?? '').filter((name) => name !== '');
/** A requirement's name: "fastapi[all]>=0.110 ; python_version…" → "fastapi". */
const requirementName = (line: string) => /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(line)?.[1] ?? '';
/** The `key = …` lines of one TOML table (up to the next header). */
function tomlTableKeys(text: string, table: string): string[] {
  const start = text.search(new RegExp(`^\\[${table.replace(/\./g, '\\.')}\\]\\s*$`, 'm'));
  if (start < 0) return [];
  const body = text.slice(start).split('\n').slice(1);
  const end = body.findIndex((line) => line.trimStart().startsWith('['));
  return matches((end < 0 ? body : body.slice(0, end)).join('\n'), /^\s*([A-Za-z0-9_.-]+)\s*=/gm);
}

const MANIFESTS: readonly Manifest[] = [
  {
    file: 'package.json',
    ecosystem: 'npm',
    read: (text) => {
      const json = PackageJson.parse(JSON.parse(text));
      return { dependencies: [...keys(json.dependencies), ...keys(json.peerDependencies), ...keys(json.devDependencies)], scripts: keys(json.scripts) };
    },
  },
  {
    file: 'pyproject.toml',
    ecosystem: 'Python',
    read: (text) => {
      // Up to the `]` that ends a line: a requirement may hold brackets of its own ("fastapi[all]").
      const list = /^dependencies\s*=\s*\[([\s\S]*?)\]\s*$/m.exec(text)?.[1] ?? '';
      const pep621 = matches(list, /["']([^"']+)["']/g).map(requirementName);
      const poetry = tomlTableKeys(text, 'tool.poetry.dependencies').filter((name) => name !== 'python');
      return { dependencies: [...pep621, ...poetry] };
    },
  },
  {
    file: 'requirements.txt',
    ecosystem: 'Python',
    read: (text) => ({
      dependencies: text
        .split('\n')
        .filter((line) => !/^\s*(#|-)/.test(line))
        .map(requirementName),
    }),
  },
  {
    file: 'go.mod',
    ecosystem: 'Go',
    read: (text) => ({ dependencies: matches(text, /^\s*(?:require\s+)?([a-z0-9.-]+\.[a-z]{2,}\/[^\s]+)\s+v[0-9]/gm) }),
  },
  { file: 'Cargo.toml', ecosystem: 'Rust', read: (text) => ({ dependencies: tomlTableKeys(text, 'dependencies') }) },
  {
    file: 'pom.xml',
    ecosystem: 'Java (Maven)',
    read: (text) => ({ dependencies: matches(text, /<dependency>[\s\S]*?<artifactId>\s*([^<\s]+)\s*<\/artifactId>/g) }),
  },
  ...(['build.gradle', 'build.gradle.kts'] as const).map((file): Manifest => ({
    file,
    ecosystem: file.endsWith('.kts') ? 'Kotlin/Java (Gradle)' : 'Java (Gradle)',
    read: (text) => ({
      dependencies: matches(text, /\b(?:implementation|api|compileOnly|runtimeOnly|testImplementation)\s*\(?\s*["'][^"':]+:([^"':]+)/g),
    }),
  })),
  { file: 'Gemfile', ecosystem: 'Ruby', read: (text) => ({ dependencies: matches(text, /^\s*gem\s+["']([^"']+)["']/gm) }) },
  {
    file: 'composer.json',
    ecosystem: 'PHP (Composer)',
    read: (text) => {
      const json = ComposerJson.parse(JSON.parse(text));
      return { dependencies: [...keys(json.require), ...keys(json['require-dev'])].filter((name) => name !== 'php' && !name.startsWith('ext-')) };
    },
  },
];

/** "a, b, c +4 more": the first names, each cut short, the rest counted. */
function listed(names: readonly string[]): string {
  const unique = [...new Set(names.map((name) => name.trim()).filter((name) => name !== ''))];
  const shown = unique.slice(0, NAMES_SHOWN).map((name) => (name.length > MAX_NAME_CHARS ? `${name.slice(0, MAX_NAME_CHARS)}…` : name));
  const more = unique.length - shown.length;
  return `${shown.join(', ')}${more > 0 ? ` +${more} more` : ''}`;
}

/** One manifest as the stack line names it: "npm (package.json: react, zod; scripts: build, test)". */
export function describeManifest(manifest: Pick<Manifest, 'file' | 'ecosystem' | 'read'>, text: string | null): string {
  let names = '';
  try {
    if (text !== null) {
      const { dependencies, scripts = [] } = manifest.read(text);
      names = `${dependencies.length > 0 ? `: ${listed(dependencies)}` : ''}${scripts.length > 0 ? `; scripts: ${listed(scripts)}` : ''}`;
    }
  } catch {
    names = '';
  }
  return `${manifest.ecosystem} (${manifest.file}${names})`;
}

/** The stack from the manifests' texts by file name (null: present but not read); null when there is none. */
export function techStackOf(files: ReadonlyMap<string, string | null>): string | null {
  const entries = MANIFESTS.filter((manifest) => files.has(manifest.file)).map((manifest) => describeManifest(manifest, files.get(manifest.file) ?? null));
  if (entries.length === 0) return null;
  const line = entries.join('; ');
  return line.length > MAX_STACK_CHARS ? `${line.slice(0, MAX_STACK_CHARS)}…` : line;
}

/** Reads the manifests at the workspace root (not through a link out of it) and describes the stack. */
export async function detectTechStack(sandbox: Sandbox): Promise<string | null> {
  const files = new Map<string, string | null>();
  for (const { file } of MANIFESTS) {
    const path = `${sandbox.workdir}/${file}`;
    const stat = await sandbox.stat(path).catch(() => null);
    if (stat?.type !== 'file') continue;
    if (!(await confineToWorkspace(sandbox, path, file, 'read')).ok) continue;
    files.set(file, stat.size > MAX_MANIFEST_BYTES ? null : await sandbox.readFile(path).catch(() => null));
  }
  return techStackOf(files);
}
