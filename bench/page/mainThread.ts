// The page's main thread while a bench phase runs (the sync and xlsx bench pages): long tasks and the lateness
// of a 20 ms timer. Importing this module starts the long-task observer, so it must run in a page.
import type { MainThreadFigures } from './protocol';

const PROBE_MS = 20;

// Long tasks are collected for the page's whole life; each phase reads the ones that started inside it.
const longTasks: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: 'longtask', buffered: true });

/** Watches the main thread from now until `stop`. */
export function watchMainThread(): { stop(): Promise<MainThreadFigures> } {
  const started = performance.now();
  let last = started;
  let maxLag = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    maxLag = Math.max(maxLag, now - last - PROBE_MS);
    last = now;
  }, PROBE_MS);
  return {
    async stop() {
      clearInterval(probe);
      // Long-task entries are delivered after the task; give the observer a turn to receive the last one.
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Overlap, not start: the task that called watchMainThread() began before `started` was read.
      const inside = longTasks.filter((task) => task.start + task.duration >= started);
      return {
        longestTaskMs: Math.round(Math.max(0, ...inside.map((task) => task.duration))),
        longTasks: inside.length,
        maxTimerLagMs: Math.round(Math.max(0, maxLag)),
      };
    },
  };
}

/** The longest task seen around a deliberate 80 ms busy loop: under 50 means this browser reports no long tasks. */
export async function calibrateLongTasks(): Promise<number> {
  const mainThread = watchMainThread();
  // In a task of its own: work run by the DevTools protocol (page.evaluate) is not reported as a long task.
  await new Promise<void>((resolve) =>
    setTimeout(() => {
      const until = performance.now() + 80;
      while (performance.now() < until) {
        // Busy on purpose: an 80 ms task the 'longtask' observer must report.
      }
      resolve();
    }, 0),
  );
  return (await mainThread.stop()).longestTaskMs;
}
