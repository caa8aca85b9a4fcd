// The browser's raw inflate (DecompressionStream), for reading the [Content_Types].xml of an .xlsx or .docx before an
// upload is queued (src/domain/fileSniff.ts); stops reading past `maxBytes`.
import type { InflateRaw } from '../domain/files';

/** Inflates raw deflate data with the browser's DecompressionStream. */
export const inflateRawWeb: InflateRaw = async (data, maxBytes) => {
  const stream = new Blob([new Uint8Array(data)])
    .stream()
    .pipeThrough(new DecompressionStream('deflate-raw'));
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > maxBytes) {
      await reader.cancel();
      throw new Error('The part is larger than expected');
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
};
