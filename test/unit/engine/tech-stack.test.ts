import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import { buildSystemPrompt } from '../../../src/engine/prompt';
import { BASE_RULES } from '../../../src/engine/prompts';
import { detectTechStack, techStackOf } from '../../../src/engine/tech-stack';
import { getScenario } from '../../../src/model/scenarios';
import { ScriptedModel } from '../../../src/model/scripted';
import type { EventOf } from '../../../src/protocol/events';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';

const stackOf = (files: Record<string, string | null>) => techStackOf(new Map(Object.entries(files)));

describe('the tech stack', () => {
  it('names package.json dependencies (runtime first) and scripts, the rest counted', () => {
    const packageJson = JSON.stringify({
      dependencies: { react: '^19', 'react-dom': '^19', zod: '^4' },
      devDependencies: { vite: '^8', vitest: '^4', typescript: '^5', eslint: '^9' },
      scripts: { dev: 'vite', build: 'vite build', test: 'vitest run' },
    });
    expect(stackOf({ 'package.json': packageJson })).toBe('npm (package.json: react, react-dom, zod, vite, vitest +2 more; scripts: dev, build, test)');
  });

  it('reads the Python, Go, Rust, Java, Ruby and PHP manifests, each in a few words', () => {
    expect(
      stackOf({ 'pyproject.toml': '[project]\nname = "app"\ndependencies = [\n  "fastapi[all]>=0.110",\n  "pydantic ; python_version > \'3.9\'",\n]\n' }),
    ).toBe('Python (pyproject.toml: fastapi, pydantic)');
    expect(
      stackOf({ 'pyproject.toml': '[tool.poetry.dependencies]\npython = "^3.12"\nflask = "^3"\n\n[tool.poetry.group.dev.dependencies]\npytest = "*"\n' }),
    ).toBe('Python (pyproject.toml: flask)');
    expect(stackOf({ 'requirements.txt': '# web\nDjango==5.0\n-r dev.txt\nrequests>=2\n\n' })).toBe('Python (requirements.txt: Django, requests)');
    expect(
      stackOf({
        'go.mod':
          'module example.com/app\n\ngo 1.22\n\nrequire (\n\tgithub.com/gin-gonic/gin v1.9.1\n\tgolang.org/x/sync v0.7.0 // indirect\n)\nrequire github.com/google/uuid v1.6.0\n',
      }),
    ).toBe('Go (go.mod: github.com/gin-gonic/gin, golang.org/x/sync, github.com/google/uuid)');
    expect(
      stackOf({
        'Cargo.toml':
          '[package]\nname = "cli"\n\n[dependencies]\nserde = { version = "1", features = ["derive"] }\nclap = "4"\n\n[dev-dependencies]\ninsta = "1"\n',
      }),
    ).toBe('Rust (Cargo.toml: serde, clap)');
    expect(
      stackOf({
        'pom.xml':
          '<project><artifactId>app</artifactId><dependencies><dependency><groupId>org.junit</groupId><artifactId>junit-jupiter</artifactId></dependency></dependencies></project>',
      }),
    ).toBe('Java (Maven) (pom.xml: junit-jupiter)');
    expect(
      stackOf({ 'build.gradle.kts': 'dependencies {\n  implementation("io.ktor:ktor-server-core:2.3.0")\n  testImplementation(kotlin("test"))\n}\n' }),
    ).toBe('Kotlin/Java (Gradle) (build.gradle.kts: ktor-server-core)');
    expect(stackOf({ Gemfile: "source 'https://rubygems.org'\ngem 'rails', '~> 7.1'\n  gem \"pg\"\n" })).toBe('Ruby (Gemfile: rails, pg)');
    expect(stackOf({ 'composer.json': JSON.stringify({ require: { php: '>=8.2', 'ext-json': '*', 'laravel/framework': '^11' } }) })).toBe(
      'PHP (Composer) (composer.json: laravel/framework)',
    );
  });

  it('names a manifest that does not parse, or is too large to read, by its ecosystem alone; nothing without manifests', () => {
    expect(stackOf({ 'package.json': '{ not json', 'requirements.txt': null })).toBe('npm (package.json); Python (requirements.txt)');
    expect(stackOf({ 'package.json': JSON.stringify({ dependencies: ['a'] }) })).toBe('npm (package.json)');
    expect(stackOf({ 'README.md': '# hi' })).toBeNull();
  });

  it('stays a line or two however many names a manifest lists', () => {
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`${'p'.repeat(60)}${i}`, '1']));
    const line =
      stackOf({ 'package.json': JSON.stringify({ dependencies: many, scripts: many }), Gemfile: "gem 'x'\n", 'go.mod': 'require a.io/b v1\n' }) ?? '';
    expect(line.length).toBeLessThanOrEqual(401);
    expect(line).toContain('+495 more');
  });

  it('is read from the workspace root, and is a layer of the system prompt after the environment', async () => {
    const sandbox = new VirtualSandbox({ files: { 'requirements.txt': 'pytest\n', 'src/package.json': '{}' } });
    const stack = await detectTechStack(sandbox);
    expect(stack).toBe('Python (requirements.txt: pytest)');
    const prompt = buildSystemPrompt({
      sandbox: sandbox.info,
      workdir: sandbox.workdir,
      project: { file: 'AGENTS.md', content: 'Use tabs.' },
      techStack: stack,
    });
    expect(prompt).toContain('Workspace root: /workspace.\n\nTech stack: Python (requirements.txt: pytest).\n\nProject instructions from AGENTS.md');
    expect(await detectTechStack(new VirtualSandbox({ files: {} }))).toBeNull();
  });

  it('is in the demo run’s system prompt', async () => {
    const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }) });
    await engine.run({ task: 'Add slugify', mode: 'react', model: new ScriptedModel(getScenario('demo')), maxIterations: 30 });
    const configured = engine.session.events.find((e): e is EventOf<'run_configured'> => e.type === 'run_configured');
    expect(configured?.systemPrompt).toContain('\n\nTech stack: npm (package.json; scripts: test).\n\n');
  });
});

describe('the base rules', () => {
  it('say what careful engineers say', () => {
    expect(BASE_RULES).toContain('- Do what was asked and no more.');
    expect(BASE_RULES).toContain('never hard-code a value to make a test pass');
    expect(BASE_RULES).toContain(
      'Decide small things (names, formatting, file layout) yourself; ask the user with ask_human only about what changes the outcome',
    );
    expect(BASE_RULES).toContain('a file you created before importing from it');
  });
});
