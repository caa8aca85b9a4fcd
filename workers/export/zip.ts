// buildZip: several downloaded files (bills) as one .zip.
import JSZip from 'jszip';
import type { ZipEntry } from './types';
import { exactBuffer } from './workbook';

/** 'a.pdf' → 'a (2).pdf' on the second use, so two bills with one name both survive. */
export function uniqueNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const clean = name.replace(/^[/\\]+/, '').trim() || 'file';
    let candidate = clean;
    const dot = clean.lastIndexOf('.');
    const stem = dot > 0 ? clean.slice(0, dot) : clean;
    const ext = dot > 0 ? clean.slice(dot) : '';
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

/** Zips the files; PDFs and images are already compressed, so they are stored, the rest deflated. */
export async function buildZip(
  files: readonly ZipEntry[],
  onProgress?: (fraction: number) => void,
): Promise<ArrayBuffer> {
  const zip = new JSZip();
  const names = uniqueNames(files.map((file) => file.name));
  files.forEach((file, i) => {
    const name = names[i] ?? file.name;
    const isCompressed = /\.(pdf|png|jpe?g|zip|xlsx|gz)$/i.test(name);
    zip.file(name, file.data, { compression: isCompressed ? 'STORE' : 'DEFLATE' });
  });
  const bytes = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }, (meta) =>
    onProgress?.(meta.percent / 100),
  );
  onProgress?.(1);
  return exactBuffer(bytes);
}
