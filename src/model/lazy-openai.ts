import type { ModelInfo } from '../protocol/events';
import { hostedModelLabel } from '../protocol/model-label';
import type { OpenAiModel, OpenAiModelOptions } from './openai';
import type { Model, ModelRequest, ModelResponse } from './port';

/**
 * An OpenAI-compatible model whose SDK is loaded on the first request, so the
 * page and the worker do not pay for the `openai` package when running the demo.
 */
export class LazyOpenAiModel implements Model {
  readonly info: ModelInfo;
  private loaded: Promise<OpenAiModel> | null = null;

  constructor(private readonly options: OpenAiModelOptions) {
    this.info = { kind: 'openai', name: options.model, label: options.label ?? hostedModelLabel(options.model, options.baseUrl) };
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    this.loaded ??= import('./openai').then(({ OpenAiModel }) => new OpenAiModel(this.options));
    return (await this.loaded).complete(request);
  }
}
