import { describe, expect, it } from 'vitest';
import { splitEndpoint } from '../../../src/model/split-endpoint';

describe('splitEndpoint', () => {
  it('moves a query string out of the base URL into default query parameters', () => {
    expect(splitEndpoint('https://x.example/openai/v1?api-version=2024-10-01&token=a%2Fb')).toEqual({
      baseURL: 'https://x.example/openai/v1',
      defaultQuery: { 'api-version': '2024-10-01', token: 'a/b' },
    });
    expect(splitEndpoint('http://localhost:11434/v1')).toEqual({ baseURL: 'http://localhost:11434/v1', defaultQuery: null });
    expect(splitEndpoint('not a url')).toEqual({ baseURL: 'not a url', defaultQuery: null });
  });
});
