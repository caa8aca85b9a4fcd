// The upload checks on the device (docs/architecture.md §15): the same rules as the server (src/domain/files.ts), run
// on a picked or dropped file before anything is queued, so an upload the device accepts is one the server accepts.
import { checkFile, sizeProblem } from '../domain/files';
import type { FileCheck } from '../domain/files';
import { inflateRawWeb } from './inflate';

/** Checks a picked file: its size before reading it, then its name and its type from its bytes. */
export async function checkPickedFile(file: File): Promise<FileCheck> {
  const tooBig = sizeProblem(file.size);
  if (tooBig) return { ok: false, problem: tooBig };
  const bytes = new Uint8Array(await file.arrayBuffer());
  return checkFile(file.name, bytes, inflateRawWeb);
}
