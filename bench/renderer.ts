// What Chromium's renderer process of a page spends during a bench step: CPU time (DevTools' SystemInfo) and, on
// Linux, peak resident memory. A page's dedicated workers run in its renderer, and a page can see neither their CPU
// nor their heap. CPU time, unlike wall time, barely moves when other work shares the machine. Before the step each
// renderer's peak RSS is reset (/proc/<pid>/clear_refs, "5"); after it, the renderer that used the most CPU counts.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';

export interface RendererUse {
  /** CPU time of the renderer (all its threads: page and workers) during the step. */
  cpuMs: number;
  /** Its resident memory before the step (its page and what it already held); null off Linux. */
  beforeBytes: number | null;
  /** Its highest resident memory during the step; null off Linux. */
  peakBytes: number | null;
}

export interface RendererWatch {
  /** Null when no renderer could be read. */
  stop(): Promise<RendererUse | null>;
}

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith(`${field}:`));
    const kb = line ? Number(/(\d+)\s*kB/.exec(line)?.[1]) : Number.NaN;
    return Number.isFinite(kb) ? kb : null;
  } catch {
    return null;
  }
}

/** Cumulative CPU seconds of each renderer process, by pid. */
async function rendererCpu(browser: Browser): Promise<Map<number, number>> {
  const session = await browser.newBrowserCDPSession();
  try {
    const info = await session.send('SystemInfo.getProcessInfo');
    return new Map(
      info.processInfo
        .filter((process) => process.type === 'renderer')
        .map((process) => [process.id, process.cpuTime]),
    );
  } finally {
    await session.detach();
  }
}

/** Starts watching the renderers now. */
export async function watchRenderer(browser: Browser): Promise<RendererWatch> {
  const cpuBefore = await rendererCpu(browser);
  const rssBefore = new Map<number, number | null>();
  for (const pid of cpuBefore.keys()) {
    const rssKb = statusKb(pid, 'VmRSS');
    try {
      if (rssKb !== null) writeFileSync(`/proc/${pid}/clear_refs`, '5');
      rssBefore.set(pid, rssKb);
    } catch {
      rssBefore.set(pid, null);
    }
  }
  return {
    async stop() {
      const cpuAfter = await rendererCpu(browser);
      let busiest: { pid: number; cpuMs: number } | null = null;
      for (const [pid, before] of cpuBefore) {
        const after = cpuAfter.get(pid);
        if (after === undefined) continue;
        const cpuMs = Math.round((after - before) * 1000);
        if (!busiest || cpuMs > busiest.cpuMs) busiest = { pid, cpuMs };
      }
      if (!busiest) return null;
      const beforeKb = rssBefore.get(busiest.pid) ?? null;
      const peakKb = beforeKb === null ? null : statusKb(busiest.pid, 'VmHWM');
      return {
        cpuMs: busiest.cpuMs,
        beforeBytes: beforeKb === null || peakKb === null ? null : beforeKb * 1024,
        peakBytes: beforeKb === null || peakKb === null ? null : peakKb * 1024,
      };
    },
  };
}
