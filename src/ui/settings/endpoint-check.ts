import type { ConnectionTest, ModelListing } from '../../protocol/endpoint-check';
import type { ModelSettingsInput } from '../../protocol/settings';

/** The worker's answers for Settings' "List models" and "Test connection". */
export interface EndpointCheck {
  listModels(model: ModelSettingsInput): Promise<ModelListing>;
  testConnection(model: ModelSettingsInput): Promise<ConnectionTest>;
}
