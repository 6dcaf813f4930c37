import type { EventPayload } from '../../../src/protocol/events';
import type { Sandbox } from '../../../src/sandbox/port';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import type { ToolContext } from '../../../src/tools/tool';

export interface Harness {
  sandbox: VirtualSandbox;
  ctx: ToolContext;
  events: EventPayload[];
  controller: AbortController;
}

/** A real virtual sandbox seeded with `files`, and a context that records every emitted event. */
export function harness(files: Record<string, string> = {}, sandboxOverride?: (real: VirtualSandbox) => Sandbox): Harness {
  const sandbox = new VirtualSandbox({ files });
  const events: EventPayload[] = [];
  const controller = new AbortController();
  const ctx: ToolContext = {
    sandbox: sandboxOverride ? sandboxOverride(sandbox) : sandbox,
    emit: (event) => events.push(event),
    signal: controller.signal,
    callId: 'call-1',
    phases: null,
    fileVersions: null,
    refuseSyntaxErrors: false,
    human: null,
  };
  return { sandbox, ctx, events, controller };
}

/** "line 1\nline 2\n…" with `count` lines. */
export function numberedText(count: number, label = 'line'): string {
  return Array.from({ length: count }, (_, i) => `${label} ${i + 1}\n`).join('');
}
