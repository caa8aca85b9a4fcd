// A CPU profile of the page while something runs (bench:pages --profile): the DevTools protocol's sampling
// profiler, written as a .cpuprofile (open it in Chromium's DevTools, Performance panel) and summed here over the
// stretches of back-to-back script work of 50 ms or more — the long tasks a budget counts — by function.
import { writeFileSync } from 'node:fs';
import type { CDPSession, Page } from '@playwright/test';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  parent?: number;
  children?: number[];
}
/** Chromium's profile: nodes of the call tree, and which node each sample hit, µs apart. */
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Samples of nothing: the thread waits ((program) is the browser's own work, which a long task counts). */
const IDLE = new Set(['(idle)']);
/** The least back-to-back work that makes a long task. */
const LONG_MS = 50;

/** Starts sampling every 250 µs; `stop` ends it and gives the profile. */
export async function startProfile(page: Page): Promise<{ stop: () => Promise<CpuProfile> }> {
  const session: CDPSession = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 250 });
  await session.send('Profiler.start');
  return {
    stop: async () => {
      const { profile } = (await session.send('Profiler.stop')) as { profile: CpuProfile };
      await session.detach();
      return profile;
    },
  };
}

const frameName = (frame: CallFrame) =>
  `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber + 1}`;

/**
 * The functions that took the time of the long stretches: self time (where the samples were) and total time (in
 * the function or what it called), in ms, largest first.
 */
export function longStretchCosts(
  profile: CpuProfile,
  top = 15,
): { stretches: number[]; self: string[]; total: string[] } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const stretches: number[] = [];
  let run: { ms: number; samples: { node: ProfileNode; ms: number }[] } = { ms: 0, samples: [] };
  const close = () => {
    if (run.ms >= LONG_MS) {
      stretches.push(Math.round(run.ms));
      for (const { node, ms } of run.samples) {
        const name = frameName(node.callFrame);
        self.set(name, (self.get(name) ?? 0) + ms);
        const seen = new Set<string>();
        for (let id: number | undefined = node.id; id !== undefined; id = parentOf.get(id)) {
          const frame = byId.get(id)?.callFrame;
          if (!frame || frame.functionName === '(root)') continue;
          const key = frameName(frame);
          if (seen.has(key)) continue;
          seen.add(key);
          total.set(key, (total.get(key) ?? 0) + ms);
        }
      }
    }
    run = { ms: 0, samples: [] };
  };
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (!node || IDLE.has(node.callFrame.functionName)) return close();
    run.ms += ms;
    run.samples.push({ node, ms });
  });
  close();
  const list = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${name}`);
  return { stretches, self: list(self), total: list(total) };
}

/** Writes the profile for DevTools and returns the summary's lines. */
export function saveProfile(profile: CpuProfile, path: string): string[] {
  writeFileSync(path, JSON.stringify(profile));
  const { stretches, self, total } = longStretchCosts(profile);
  return [
    `profile ${path}: ${stretches.length} stretches of script ≥ ${LONG_MS} ms (${stretches.join(', ')} ms)`,
    '  self time in them:',
    ...self.map((line) => `  ${line}`),
    '  total time in them (the function and what it called):',
    ...total.map((line) => `  ${line}`),
  ];
}
