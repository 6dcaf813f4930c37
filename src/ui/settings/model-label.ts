import { hostedModelLabel } from '../../protocol/model-label';
import { type ModelSettings, PROVIDERS } from '../../protocol/settings';

/** The header's model label, so a scripted run is never mistaken for a real model. */
export function modelLabel(model: ModelSettings): string {
  if (model.provider === 'scripted') {
    const scenario = model.scenario === 'demo' ? '' : ` · ${model.scenario}`;
    return `${PROVIDERS.scripted.label}${scenario}`;
  }
  return hostedModelLabel(model.model, model.baseUrl);
}
