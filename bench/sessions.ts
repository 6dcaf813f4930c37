// Sessions in Node: the share link's size for the scripted demos, and how long seeking takes in a
// 2,000-event session (the page's replay is a reduction of the log prefix, with keyframes).
// `node scripts/bench.mjs sessions.ts`
import { STARTER_PROJECT } from '../src/sandbox/starter-project';
import { exportSession } from '../src/store/session-file';
import { encodeSessionForLink } from '../src/store/share-link';
import { loadLog, seek } from '../src/ui/state/session-view';
import { longLog, recordScenario } from './support/long-session';
import { percentile } from './support/stats.mjs';
import { info, target } from './support/verdict.mjs';

const TARGETS = { demoLinkKB: 8, seekMs: 100 };

async function main() {
  console.log('sessions: share links and replay seeks');
  for (const [scenario, mode] of [
    ['demo', 'react'],
    ['plan_exec-demo', 'plan_exec'],
  ] as const) {
    const { store, runId, events } = await recordScenario(scenario, mode);
    const file = await exportSession(store, runId, { withoutDeltas: true });
    const link = await encodeSessionForLink(file, Object.values(STARTER_PROJECT));
    const fileKB = JSON.stringify(await exportSession(store, runId)).length / 1024;
    const label = `link for ${scenario} (${events.length} events, file ${fileKB.toFixed(1)} KB)`;
    if (scenario === 'demo') target(label, link.length / 1024, { below: TARGETS.demoLinkKB }, 'KB');
    else info(label, link.length / 1024, 'KB', 1, 'the link target is on the demo; this one adds a plan and its phases');
  }

  const { events } = await recordScenario('demo', 'react');
  const log = longLog(events, 2000);
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < 40; i++) {
    const view = loadLog(log);
    const at = Math.floor(random() * log.length);
    let started = performance.now();
    seek(view, at);
    cold.push(performance.now() - started);
    for (let j = 0; j < 10; j++) {
      const to = Math.floor(random() * log.length);
      started = performance.now();
      seek(view, to);
      warm.push(performance.now() - started);
    }
  }
  const seekLimit = { below: TARGETS.seekMs };
  target(`seek in ${log.length} events, first seek (median)`, percentile(cold, 50), seekLimit, 'ms', 2);
  target(`seek in ${log.length} events, first seek (max)`, Math.max(...cold), seekLimit, 'ms', 2);
  target(`seek in ${log.length} events, later seeks (median)`, percentile(warm, 50), seekLimit, 'ms', 2);
  target(`seek in ${log.length} events, later seeks (p95)`, percentile(warm, 95), seekLimit, 'ms', 2);
  const started = performance.now();
  loadLog(log);
  info(`open a ${log.length}-event session (reduce all)`, performance.now() - started, 'ms', 2, 'done once when a session opens, not per seek');
}

await main();
