// The light reader of `npm run bench:load`, in a process of its own: in the bench's process its answers waited behind
// the simulated devices' own work (parsing and decompressing hundreds of megabytes of feed pages), which the server
// never caused. Asks `BENCH_URL` with `BENCH_TOKEN` every 200 ms until `BENCH_END_AT` (epoch ms), then prints
// `{ ms, errors, bytes }` as JSON.
import { setTimeout as sleep } from 'node:timers/promises';

const url = process.env.BENCH_URL ?? '';
const token = process.env.BENCH_TOKEN ?? '';
const endAt = Number(process.env.BENCH_END_AT ?? 0);
const taken: number[] = [];
let errors = 0;
let bytes = 0;
while (Date.now() < endAt) {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' },
    });
    const text = await response.text();
    if (!response.ok) errors += 1;
    bytes += text.length;
  } catch {
    errors += 1;
  }
  taken.push(performance.now() - started);
  await sleep(200);
}
process.stdout.write(JSON.stringify({ ms: taken, errors, bytes }));
