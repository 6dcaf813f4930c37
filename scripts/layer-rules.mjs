// Import and global rules that keep the architecture honest (see docs/ARCHITECTURE.md, "Layers").
// The "common" layers run in a Web Worker and in Node: no Node APIs, no DOM.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export const COMMON_LAYERS = ['protocol', 'engine', 'tools', 'sandbox', 'model', 'shell', 'code', 'store', 'workspace'];
// The service worker has no DOM either (no window, document or storage) and never runs in Node.
const NO_DOM_LAYERS = [...COMMON_LAYERS, 'service-worker'];
const NODE_MODULES = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const DOM_GLOBALS = new Set([
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'HTMLElement',
  'navigator.clipboard',
  'process',
  'Buffer',
  'require',
  '__dirname',
]);

/**
 * Which src/<layer> folders each layer may import, type-only imports included.
 * Every arrow points down: composition roots (ui, worker, cli) on top, the engine
 * below them, the ports and services below it, protocol (the shared vocabulary) at the bottom.
 */
const ALLOWED_IMPORTS = {
  protocol: ['protocol'],
  code: ['code', 'protocol'],
  shell: ['shell', 'protocol'],
  sandbox: ['sandbox', 'protocol'],
  model: ['model', 'protocol'],
  // Workspace import and export (zip, import filter, patch): pure, below every layer that loads or saves files.
  workspace: ['workspace', 'protocol'],
  store: ['store', 'workspace', 'protocol'],
  tools: ['tools', 'code', 'shell', 'sandbox', 'protocol'],
  engine: ['engine', 'tools', 'code', 'shell', 'sandbox', 'model', 'store', 'workspace', 'protocol'],
  worker: ['worker', 'engine', 'tools', 'code', 'shell', 'sandbox', 'model', 'store', 'workspace', 'protocol'],
  cli: ['cli', 'engine', 'tools', 'code', 'shell', 'sandbox', 'model', 'store', 'workspace', 'protocol'],
  // The page hosts the WebContainer (sandbox code) and talks to the worker; the engine itself stays in the worker.
  ui: ['ui', 'worker', 'sandbox', 'workspace', 'protocol'],
  // The service worker is built on its own into dist/sw.js: it imports nothing of ours but itself.
  'service-worker': ['service-worker'],
};

function listFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listFiles(full));
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function layerOf(srcRoot, file) {
  return relative(srcRoot, file).split(/[\\/]/)[0];
}

/** Names the file declares itself (a local `window` is not the DOM's). */
function declaredNames(source) {
  const names = new Set();
  const addBinding = (name) => {
    if (ts.isIdentifier(name)) names.add(name.text);
    else if (ts.isObjectBindingPattern(name) || ts.isArrayBindingPattern(name)) {
      for (const element of name.elements) if (!ts.isOmittedExpression(element)) addBinding(element.name);
    }
  };
  const visit = (node) => {
    if (ts.isVariableDeclaration(node) || ts.isParameter(node) || ts.isBindingElement(node)) addBinding(node.name);
    else if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) && node.name) names.add(node.name.text);
    else if (ts.isImportSpecifier(node) || ts.isImportClause(node) || ts.isNamespaceImport(node)) {
      if (node.name) names.add(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** Returns a list of human-readable violations for every file under srcRoot. */
export function checkLayers(srcRoot) {
  const problems = [];
  for (const file of listFiles(srcRoot)) {
    const layer = layerOf(srcRoot, file);
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const where = (node) => `${relative(process.cwd(), file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const common = NO_DOM_LAYERS.includes(layer);
    const declared = declaredNames(source);

    const checkSpecifier = (spec, node) => {
      if (common && NODE_MODULES.has(spec)) problems.push(`${where(node)}: ${layer} must not import the Node module "${spec}"`);
      if (!spec.startsWith('.')) return;
      const target = resolve(dirname(file), spec);
      const rel = relative(srcRoot, target).split(/[\\/]/).join('/');
      if (rel.startsWith('..')) return;
      const allowed = ALLOWED_IMPORTS[layer] ?? [];
      if (!allowed.some((a) => rel === a || rel.startsWith(`${a}/`))) {
        problems.push(`${where(node)}: ${layer} must not import ${rel} (allowed: ${allowed.join(', ')})`);
      }
    };

    const visit = (node) => {
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
        const spec = node.moduleSpecifier;
        if (spec && ts.isStringLiteral(spec)) checkSpecifier(spec.text, node);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const arg = node.arguments[0];
        if (arg && ts.isStringLiteral(arg)) checkSpecifier(arg.text, node);
      } else if (common && ts.isIdentifier(node) && DOM_GLOBALS.has(node.text) && !declared.has(node.text)) {
        const parent = node.parent;
        const isMemberName =
          (ts.isPropertyAccessExpression(parent) && parent.name === node) || ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent);
        if (!isMemberName && !ts.isTypeReferenceNode(parent)) problems.push(`${where(node)}: ${layer} must not use the global "${node.text}"`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return problems;
}
