/** A tool as the model is told about it: the tools layer builds these, the model port sends them. */
export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  parameters: Record<string, unknown>;
}
