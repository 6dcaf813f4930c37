/**
 * The process's CPU time in ms (user + system, every thread). Unlike wall time it does not grow
 * while other jobs on a shared machine hold the cores, so a synchronous step timed with it measures
 * the code rather than the neighbours; on an idle machine the two agree for single-threaded work.
 */
export function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** Runs `work` once and returns its wall and CPU time in ms. */
export async function timed(work: () => unknown): Promise<{ wallMs: number; cpuMs: number }> {
  const cpu = cpuMs();
  const wall = performance.now();
  await work();
  return { wallMs: performance.now() - wall, cpuMs: cpuMs() - cpu };
}
