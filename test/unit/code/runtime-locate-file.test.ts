import { describe, expect, it } from 'vitest';
import { initParser } from '../../../src/code/runtime';

// Its own file: web-tree-sitter remembers where its runtime wasm is after the first init in a process.
describe('initParser', () => {
  it('asks locateFile for the runtime wasm, once for concurrent calls', async () => {
    const asked: string[] = [];
    const locateFile = (file: string) => {
      asked.push(file);
      return new URL(`../../../node_modules/web-tree-sitter/${file}`, import.meta.url).pathname;
    };
    await Promise.all([initParser({ locateFile }), initParser({ locateFile })]);
    expect(asked).toEqual(['tree-sitter.wasm']);
  });
});
