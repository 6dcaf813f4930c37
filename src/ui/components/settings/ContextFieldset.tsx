import { contextWindowFor, knownModel } from '../../../protocol/model-windows';
import { CONTEXT_LIMITS, type Tokenizer, TokenizerSchema } from '../../../protocol/settings';
import { formatCount } from '../../../protocol/token-figures';
import { ChoiceSelect, Disclosure, Field, NumberField, TextField } from './fields';
import type { DraftProps } from './use-settings-form';

const TOKENIZER_LABELS: Record<Tokenizer, string> = {
  o200k: 'o200k (GPT-4o, GPT-4.1, o-series, GPT-5)',
  cl100k: 'cl100k (GPT-4, GPT-3.5; an estimate for many open models)',
};

const SUMMARY_MODEL_NOTE =
  'When the conversation nears the context window, older turns are summarised by this model (a small, cheap one will do): ' +
  'on the main endpoint and key, or on the summary base URL below. The scripted demo uses a scripted stand-in unless a summary base URL is set.';

const SUMMARY_BASE_URL_NOTE =
  'Another OpenAI-compatible endpoint for the summary model, e.g. a local server (http://localhost:11434/v1). ' +
  'Empty: the main endpoint. The API key is sent there only when it is the main endpoint.';

const COST_NOTE =
  "Enforced only for models with a known price (gpt-tokenizer's price table, e.g. gpt-4o, o3); for others the run " +
  'says at its start that it cannot be, and only the token budget applies.';

/** How the run counts its context (window, tokenizer), samples (temperature, output tokens), summarises, and its budgets. */
export function ContextFieldset({ draft, errors, update }: DraftProps) {
  const model = draft.provider === 'scripted' ? draft.scenario : draft.model.trim();
  const window = contextWindowFor(model);
  const windowNote = knownModel(model)
    ? `Empty: ${formatCount(window)}, the known window of ${model}. The meter in the header counts against it.`
    : `Empty: ${formatCount(window)} (the model is not one whose window is known). The meter in the header counts against it.`;
  const { contextWindow, temperature, maxOutputTokens, maxTokensPerRun, maxCostPerRun } = CONTEXT_LIMITS;
  return (
    <fieldset>
      <legend>Context and budgets</legend>
      <NumberField
        id="context-window"
        label="Context window (tokens)"
        note={windowNote}
        error={errors.contextWindow}
        min={contextWindow.min}
        max={contextWindow.max}
        placeholder={`Default: ${formatCount(window)}`}
        value={draft.contextWindow}
        onChange={(value) => update('contextWindow', value)}
      />
      <Field
        id="tokenizer"
        label="Tokenizer"
        error={errors.tokenizer}
        note="What the run counts tokens with (the meter, the budgets, compaction); a provider's own counts are used when it sends them."
      >
        {(control) => (
          <ChoiceSelect
            {...control}
            options={TokenizerSchema.options}
            labelOf={(option) => TOKENIZER_LABELS[option]}
            value={draft.tokenizer}
            onChange={(tokenizer) => update('tokenizer', tokenizer)}
          />
        )}
      </Field>
      <NumberField
        id="temperature"
        label="Temperature"
        note="0 keeps replies steady. Not sent to reasoning models (o1, o3, o4, GPT-5), which take only their default."
        error={errors.temperature}
        min={temperature.min}
        max={temperature.max}
        step={0.1}
        value={draft.temperature}
        onChange={(value) => update('temperature', value)}
      />
      <NumberField
        id="max-output-tokens"
        label="Max output tokens"
        note="The most one reply may take; lowered to what the model allows when that is known."
        error={errors.maxOutputTokens}
        min={maxOutputTokens.min}
        max={maxOutputTokens.max}
        value={draft.maxOutputTokens}
        onChange={(value) => update('maxOutputTokens', value)}
      />
      <Disclosure
        label="Another model for summaries (optional)"
        open={draft.summaryModel !== '' || draft.summaryBaseUrl !== '' || errors.summaryModel !== undefined || errors.summaryBaseUrl !== undefined}
      >
        <TextField
          id="summary-model"
          label="Summary model"
          error={errors.summaryModel}
          note={SUMMARY_MODEL_NOTE}
          placeholder="Default: the main model"
          value={draft.summaryModel}
          onChange={(value) => update('summaryModel', value)}
        />
        <TextField
          id="summary-base-url"
          label="Summary base URL"
          error={errors.summaryBaseUrl}
          note={SUMMARY_BASE_URL_NOTE}
          placeholder="Default: the main endpoint"
          value={draft.summaryBaseUrl}
          onChange={(value) => update('summaryBaseUrl', value)}
        />
      </Disclosure>
      <NumberField
        id="max-tokens-per-run"
        label="Max tokens per run"
        note="The run stops (budget exceeded) before a request would take its prompt and completion tokens past this. Empty: no budget."
        error={errors.maxTokensPerRun}
        min={maxTokensPerRun.min}
        max={maxTokensPerRun.max}
        placeholder="No budget"
        value={draft.maxTokensPerRun}
        onChange={(value) => update('maxTokensPerRun', value)}
      />
      <NumberField
        id="max-cost-per-run"
        label="Max cost per run (USD)"
        note={COST_NOTE}
        error={errors.maxCostPerRun}
        min={maxCostPerRun.min}
        max={maxCostPerRun.max}
        step="any"
        placeholder="No budget"
        value={draft.maxCostPerRun}
        onChange={(value) => update('maxCostPerRun', value)}
      />
    </fieldset>
  );
}
