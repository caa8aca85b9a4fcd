// Downloading a file from the API with the session's token (src/api): the bytes as a Blob, or the error as a value.
import { request } from '../api/http';

/** A downloaded file, or why not. */
export type FetchedFile =
  | { ok: true; blob: Blob; etag: string | null }
  | { ok: false; status: number; message: string; isNetworkError: boolean };

/** The message of an error answer whose body arrived as a Blob (the JSON error shape, when it is one). */
async function errorMessageOf(data: unknown, fallback: string): Promise<string> {
  if (!(data instanceof Blob)) return fallback;
  try {
    const parsed = JSON.parse(await data.text()) as { error?: { message?: unknown } };
    return typeof parsed.error?.message === 'string' ? parsed.error.message : fallback;
  } catch {
    return fallback;
  }
}

/** GETs a file answer under /api (`path` starts after /api). */
export async function fetchFile(path: string): Promise<FetchedFile> {
  const result = await request<Blob>({
    method: 'GET',
    url: path,
    responseType: 'blob',
    headers: { Accept: '*/*' },
    // A large file on a slow network: the default minute is too short.
    timeout: 10 * 60_000,
  });
  if (result.ok) return { ok: true, blob: result.data, etag: result.headers.etag ?? null };
  return {
    ok: false,
    status: result.status,
    message: await errorMessageOf(result.data, result.error.message),
    isNetworkError: result.isNetworkError,
  };
}
