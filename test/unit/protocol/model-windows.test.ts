import { describe, expect, it } from 'vitest';
import { contextWindowFor, knownModel, maxOutputTokensFor, UNKNOWN_MODEL_CONTEXT_WINDOW } from '../../../src/protocol/model-windows';
import { formatCount, formatTokens, formatUsd } from '../../../src/protocol/token-figures';

describe('the known model windows', () => {
  it.each([
    ['gpt-4o', 128_000],
    ['gpt-4o-mini', 128_000],
    ['gpt-4o-2024-08-06', 128_000],
    ['openai/gpt-4o-mini', 128_000],
    ['gpt-4.1', 1_047_576],
    ['gpt-4.1-nano', 1_047_576],
    ['o3', 200_000],
    ['o3-mini', 200_000],
    ['o4-mini', 200_000],
    ['gpt-5', 400_000],
    ['gpt-5-mini', 400_000],
    ['gpt-5.1', 400_000],
    ['qwen2.5-coder:7b', 32_768],
    ['llama3.1:8b', 131_072],
    ['meta-llama/llama-3.3-70b-instruct', 131_072],
    ['GPT-4O-MINI', 128_000],
  ])('knows %s: %i tokens', (model, window) => {
    expect(contextWindowFor(model)).toBe(window);
  });

  it('gives an unknown model 32,000 tokens, and matches prefixes only at a word boundary', () => {
    expect(UNKNOWN_MODEL_CONTEXT_WINDOW).toBe(32_000);
    for (const model of ['demo', 'local-model', 'mistral:7b', 'gpt-4omega', 'o3x', 'llama3:8b', '']) {
      expect(knownModel(model), model).toBeNull();
      expect(contextWindowFor(model)).toBe(32_000);
    }
  });

  it('lets the setting win over the table, 0 standing for the known window', () => {
    expect(contextWindowFor('gpt-4o-mini', 64_000)).toBe(64_000);
    expect(contextWindowFor('local-model', 8_192)).toBe(8_192);
    expect(contextWindowFor('gpt-4o-mini', 0)).toBe(128_000);
  });

  it('picks the longest matching prefix and marks the reasoning families', () => {
    expect(knownModel('o1-mini-2024-09-12')?.contextWindow).toBe(128_000);
    expect(knownModel('o1')?.contextWindow).toBe(200_000);
    for (const model of ['o1', 'o3-mini', 'o4-mini', 'gpt-5-nano']) expect(knownModel(model)?.reasoning, model).toBe(true);
    for (const model of ['gpt-4o', 'gpt-4.1-mini', 'qwen2.5-coder']) expect(knownModel(model)?.reasoning, model).toBeUndefined();
  });

  it('clips max output tokens to what a known model allows, and leaves an unknown model the setting', () => {
    expect(maxOutputTokensFor('gpt-4o-mini', 50_000)).toBe(16_384);
    expect(maxOutputTokensFor('gpt-4o-mini', 1_000)).toBe(1_000);
    expect(maxOutputTokensFor('gpt-3.5-turbo', 16_384)).toBe(4_096);
    expect(maxOutputTokensFor('local-model', 50_000)).toBe(50_000);
  });
});

describe('token figures', () => {
  it('reads compactly for the meter and in full for a reason', () => {
    expect([850, 12_400, 12_449, 99_999, 128_000, 131_072, 400_000, 1_047_576].map(formatTokens)).toEqual([
      '850',
      '12.4k',
      '12.4k',
      '100k',
      '128k',
      '131k',
      '400k',
      '1.05M',
    ]);
    expect(formatTokens(1_000)).toBe('1k');
    expect(formatCount(182_400)).toBe('182,400');
    expect(formatUsd(0.42104)).toBe('$0.4210');
    expect(formatUsd(12.5)).toBe('$12.50');
  });
});
