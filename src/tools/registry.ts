import { z } from 'zod';
import { messageOf } from '../protocol/error-message';
import type { ToolSpec } from '../protocol/tool-spec';
import { advancePhaseTool } from './advance-phase';
import { askHumanTool } from './ask-human';
import { createFileTool } from './create-file';
import { editFileTool } from './edit-file';
import { listFilesTool } from './list-files';
import { outlineTool } from './outline';
import { readFileTool } from './read-file';
import { runCommandTool } from './run-command';
import { runTestsTool } from './run-tests';
import { searchCodebaseTool } from './search-codebase';
import type { Tool } from './tool';

/** Every tool, in the order the model sees them: look around, change, run. */
export const ALL_TOOLS: readonly Tool[] = [
  listFilesTool,
  outlineTool,
  readFileTool,
  searchCodebaseTool,
  createFileTool,
  editFileTool,
  runCommandTool,
  runTestsTool,
  askHumanTool,
];

/** plan_exec runs add the phase tool to the same set. */
export const PLAN_EXEC_TOOLS: readonly Tool[] = [...ALL_TOOLS, advancePhaseTool];

/** Every tool name a policy may mention. */
export const KNOWN_TOOL_NAMES: readonly string[] = PLAN_EXEC_TOOLS.map((tool) => tool.name);

export function findTool(name: string, tools: readonly Tool[] = ALL_TOOLS): Tool | undefined {
  return tools.find((tool) => tool.name === name);
}

/** JSON Schema of a tool's arguments as the model should fill them in (optional fields not required). */
export function toolParameters(tool: Tool): Record<string, unknown> {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(tool.schema, { io: 'input' }) as Record<string, unknown>;
  return schema;
}

export function toolSpecs(tools: readonly Tool[] = ALL_TOOLS): ToolSpec[] {
  return tools.map((tool) => ({ name: tool.name, description: tool.description, parameters: toolParameters(tool) }));
}

export type ParsedArguments<T = unknown> = { ok: true; args: T } | { ok: false; error: string };

function formatIssuePath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(arguments)';
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`)).join('');
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) {
    return `required field is missing (expected ${issue.expected})`;
  }
  return issue.message;
}

/** "path (string, required), start_line (integer, optional)" from the tool's JSON Schema. */
function describeFields(tool: Tool): string {
  const schema = toolParameters(tool);
  const properties = (schema.properties ?? {}) as Record<string, { type?: unknown }>;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const fields = Object.entries(properties).map(
    ([name, prop]) => `${name} (${typeof prop.type === 'string' ? prop.type : 'value'}, ${required.has(name) ? 'required' : 'optional'})`,
  );
  return fields.length === 0 ? 'no arguments: send {}' : fields.join(', ');
}

/**
 * Parses the raw argument text a model sent for a tool call and checks it
 * against the tool's schema. Errors are written for the model to fix its call.
 */
export function parseToolArguments<S extends z.ZodType>(tool: Tool<S>, rawJson: string): ParsedArguments<z.infer<S>> {
  const text = rawJson.trim();
  let value: unknown;
  if (text === '') {
    value = {}; // Several providers send "" for calls without arguments.
  } else {
    try {
      value = JSON.parse(text);
    } catch (error) {
      const reason = messageOf(error);
      return {
        ok: false,
        error: `The arguments for ${tool.name} are not valid JSON (${reason}). Send a single JSON object with these fields: ${describeFields(tool)}.`,
      };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      ok: false,
      error: `The arguments for ${tool.name} must be a JSON object, not ${Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`}. Fields: ${describeFields(tool)}.`,
    };
  }
  const result = tool.schema.safeParse(value);
  if (result.success) return { ok: true, args: result.data };
  const problems = result.error.issues.map((issue) => `- ${formatIssuePath(issue.path)}: ${describeIssue(issue)}`);
  return {
    ok: false,
    error: [`Invalid arguments for ${tool.name}:`, ...problems, `Expected fields: ${describeFields(tool)}.`].join('\n'),
  };
}
