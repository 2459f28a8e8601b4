/**
 * File downloads from the API (exports, import templates): the same base, token, language
 * and company scope as the HTTP client, but the reply is a file, not an envelope. A reply
 * that is JSON after all is an error envelope: its message is thrown as an ApiError.
 */
import axios, { type AxiosProgressEvent } from 'axios';
import i18n from 'i18next';
import { API_BASE, type ENDPOINTS, type EndpointName, type ParamsOf } from '@swo/contract';
import { ApiError } from './request.ts';
import { getCompanyId, getShopId, getToken } from './storage.ts';
import { routeOf, TRANSFER_TIMEOUT_MS } from './api.ts';

type FileCall = { [N in EndpointName]: (typeof ENDPOINTS)[N]['reply'] extends 'file' ? N : never }[EndpointName];

/** GETs the file of call `name` as a Blob; `onProgress` gets axios' download progress events. */
export async function downloadFile<N extends FileCall>(name: N, params: ParamsOf<N>, onProgress?: (e: AxiosProgressEvent) => void): Promise<Blob> {
  const url = (await routeOf(name)).path;
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.token = token;
  if (i18n.language) headers.lang = i18n.language;
  const scope: Record<string, number> = { company_id: getCompanyId() };
  const shopId = getShopId();
  if (shopId) scope.shop_id = shopId;
  const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
  let resp;
  try {
    resp = await axios.get<Blob>(`${API_BASE}${url}`, {
      params: { ...scope, ...clean },
      headers,
      responseType: 'blob',
      timeout: TRANSFER_TIMEOUT_MS,
      onDownloadProgress: onProgress,
      validateStatus: () => true,
    });
  } catch {
    throw new ApiError(0, i18n.t('request.networkError'));
  }
  const blob = resp.data;
  const type = String(resp.headers['content-type'] ?? '');
  if (resp.status !== 200 || type.includes('json')) {
    let msg = i18n.t('request.networkError');
    let code = resp.status;
    try {
      const body = JSON.parse(await blob.text()) as { code?: number; msg?: string };
      if (body.msg) msg = body.msg;
      if (typeof body.code === 'number') code = body.code;
    } catch {
      // not JSON: keep the generic message
    }
    throw new ApiError(code, msg, null, resp.status);
  }
  return blob;
}

/** Offers `data` to the user as a file named `name`. */
export function saveFile(data: Blob | Uint8Array, name: string, type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'): void {
  const blob = data instanceof Blob ? data : new Blob([data as BlobPart], { type });
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
