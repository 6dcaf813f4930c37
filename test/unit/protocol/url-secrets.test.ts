import { describe, expect, it } from 'vitest';
import { modelSecrets, urlSecrets } from '../../../src/protocol/url-secrets';

describe('url secrets', () => {
  it('names the user, password, query string and each query value of an endpoint', () => {
    expect(urlSecrets('https://me:hunter2secret@api.example/v1?key=abc%2Fdef123&x=1')).toEqual(
      expect.arrayContaining(['me', 'hunter2secret', 'key=abc%2Fdef123&x=1', 'abc/def123', '1']),
    );
    expect(urlSecrets('http://localhost:11434/v1')).toEqual([]);
    expect(urlSecrets('not a url')).toEqual([]);
  });

  it('adds the key', () => {
    expect(modelSecrets({ apiKey: 'sk-123456789', baseUrl: 'https://h/v1?token=tok-987654321' })).toEqual(
      expect.arrayContaining(['sk-123456789', 'token=tok-987654321', 'tok-987654321']),
    );
  });
});
