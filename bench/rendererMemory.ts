// Peak memory of Chromium's renderer processes during a bench step (Linux): a page's dedicated workers run in its
// renderer, whose heap a page cannot see (performance.memory covers the page's own heap only). Before the step,
// each renderer's peak RSS is reset (/proc/<pid>/clear_refs, "5"); after it, the largest peak over its RSS before.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';

export interface RendererMemory {
  /** The renderer's resident memory before the step (its page and what it already held). */
  beforeBytes: number;
  /** Its highest resident memory during the step. */
  peakBytes: number;
}

/** A started measurement: `stop` answers null where /proc is unavailable (not Linux) or a renderer went away. */
export interface RendererMemoryWatch {
  stop(): RendererMemory | null;
}

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${field}:`));
  const kb = line ? Number(/(\d+)\s*kB/.exec(line)?.[1]) : Number.NaN;
  return Number.isFinite(kb) ? kb : null;
}

async function rendererPids(browser: Browser): Promise<number[]> {
  const session = await browser.newBrowserCDPSession();
  try {
    const info = (await session.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string; id: number }[];
    };
    return info.processInfo.filter((process) => process.type === 'renderer').map((process) => process.id);
  } finally {
    await session.detach();
  }
}

/** Resets the renderers' peaks now; `stop` reads the renderer that grew most. */
export async function watchRendererMemory(browser: Browser): Promise<RendererMemoryWatch> {
  let before: { pid: number; rssKb: number }[] = [];
  try {
    for (const pid of await rendererPids(browser)) {
      const rssKb = statusKb(pid, 'VmRSS');
      if (rssKb === null) continue;
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
      before.push({ pid, rssKb });
    }
  } catch {
    before = [];
  }
  return {
    stop() {
      try {
        let best: RendererMemory | null = null;
        for (const { pid, rssKb } of before) {
          const peakKb = statusKb(pid, 'VmHWM');
          if (peakKb === null) continue;
          const grew = peakKb - rssKb;
          if (!best || grew > best.peakBytes - best.beforeBytes)
            best = { beforeBytes: rssKb * 1024, peakBytes: peakKb * 1024 };
        }
        return best;
      } catch {
        return null;
      }
    },
  };
}
