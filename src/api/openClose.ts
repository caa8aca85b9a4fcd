import { request } from './http';
import type { ApiResult } from './http';

/** A downloaded file: its content and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

const FILE_NAME = /filename="?([^";]+)"?/i;

/** `GET /api/opencloseaccounts/{id}/download`: the request's PDF, rendered by the server (online only). */
export async function downloadOpenClosePdf(requestId: string): Promise<ApiResult<DownloadedFile>> {
  const result = await request<Blob>({
    method: 'GET',
    url: `/opencloseaccounts/${requestId}/download`,
    responseType: 'blob',
    headers: { Accept: 'application/pdf' },
  });
  if (!result.ok) return result;
  const fileName = FILE_NAME.exec(result.headers['content-disposition'] ?? '')?.[1] ?? 'Request.pdf';
  return { ...result, data: { blob: result.data, fileName } };
}
