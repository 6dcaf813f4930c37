import { describe, expect, it } from 'vitest';
import { endpointHost, hostedModelLabel, labelHost } from '../../../src/protocol/model-label';
import { DEFAULT_SETTINGS } from '../../../src/protocol/settings';
import { modelLabel } from '../../../src/ui/settings/model-label';

describe('model labels', () => {
  it('names the host, never the path, query or credentials of the URL', () => {
    expect(hostedModelLabel('gpt-4o-mini', 'https://user:sk-secret@api.example.com/v1?key=sk-x')).toBe('gpt-4o-mini @ api.example.com');
    expect(endpointHost('not a url')).toBe('the endpoint');
  });

  it('reads back the host the label was built with', () => {
    expect(labelHost(hostedModelLabel('llama @ home', 'http://gpu-box:8000/v1'))).toBe('gpu-box:8000');
    expect(labelHost('Scripted demo')).toBeNull();
    expect(labelHost('model @ ')).toBeNull();
  });

  it('gives the page the same label as the engine', () => {
    const model = { ...DEFAULT_SETTINGS.model, provider: 'custom' as const, model: 'mock', baseUrl: 'http://127.0.0.1:4411/v1' };
    expect(modelLabel(model)).toBe(hostedModelLabel('mock', 'http://127.0.0.1:4411/v1'));
    expect(modelLabel(model)).toBe('mock @ 127.0.0.1:4411');
  });
});
