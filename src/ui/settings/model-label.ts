import { type ModelSettings, PROVIDERS } from '../../protocol/settings';

/** The header's model label, so a scripted run is never mistaken for a real model. */
export function modelLabel(model: ModelSettings): string {
  if (model.provider === 'scripted') {
    const scenario = model.scenario === 'demo' ? '' : ` · ${model.scenario}`;
    return `${PROVIDERS.scripted.label}${scenario}`;
  }
  return `${model.model} @ ${hostOf(model.baseUrl)}`;
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl || 'no URL';
  }
}
