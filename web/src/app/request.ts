/**
 * The one HTTP client of the SPA (docs/product.md, section 7): base `/index.php`, 6000 ms timeout,
 * `token` header, `company_id` (+ `shop_id`) added to every POST body and GET query.
 * Replies are `{code, msg, data}`: code 200 resolves with the whole body; any other code
 * shows an error notification ('错误', 2 s) and rejects with an ApiError that carries the
 * validation field errors; code 101 also signs out (unless the page URL has `ident`); a
 * refusal for an owed two-factor enrolment opens the enrolment screen instead of a notification.
 * A request flagged `native` gets the body back without the code check; `silent` shows
 * no notification at all.
 * axios is loaded with the first call, not with the page: the login page shows (and its
 * JavaScript is counted, bench/spa.ts) before anything is sent.
 */
import type { AxiosError, AxiosInstance, AxiosRequestConfig, AxiosStatic } from 'axios';
import { API_BASE, CODE, type Envelope } from '@swo/contract';
import i18n from 'i18next';
import { feedback } from './feedback.tsx';
import { getCompanyId, getShopId, getToken } from './storage.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Return the body without checking `code`. */
    native?: boolean;
    /** Never show a notification for this request. */
    silent?: boolean;
  }
}

/** Request timeout (docs/product.md, section 9). */
export const REQUEST_TIMEOUT_MS = 6000;
/** How long error notifications stay (docs/product.md, section 8). */
const ERROR_DURATION_S = 2;

/** A failed call: the server's `code` and `msg`, and field errors of a 400 reply. */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly data: unknown;
  readonly fieldErrors: Record<string, string[]>;

  constructor(code: number, msg: string, data: unknown = null, status = 0) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.data = data;
    const errors = (data as { errors?: unknown } | null)?.errors;
    this.fieldErrors = errors && typeof errors === 'object' ? (errors as Record<string, string[]>) : {};
  }
}

let onNotSignedIn: () => void = () => {
  window.location.assign('/user/login');
};

/** Installs what code 101 does (sign out and go to the login page). */
export function setNotSignedInHandler(fn: () => void): void {
  onNotSignedIn = fn;
}

let onEnrolRequired: () => void = () => undefined;

/**
 * Installs what a refusal for an owed two-factor enrolment does (docs/design.md, "Two-factor
 * required for administrators"): the enrolment screen takes over, so no notification shows.
 */
export function setEnrolRequiredHandler(fn: () => void): void {
  onEnrolRequired = fn;
}

/** Whether an error reply's `data` says a two-factor enrolment is owed before anything else. */
export function isEnrolRequired(data: unknown): boolean {
  return !!data && typeof data === 'object' && (data as { two_factor_enrol_required?: unknown }).two_factor_enrol_required === true;
}

/** True when the page address carries the identification query parameter `ident`. */
export function hasIdentParam(): boolean {
  return new URLSearchParams(window.location.search).has('ident');
}

function isEnvelope(x: unknown): x is Envelope<unknown> {
  return !!x && typeof x === 'object' && 'code' in x && typeof x.code === 'number';
}

function notifyError(description: string): void {
  feedback.notification.error({ message: i18n.t('request.errorTitle'), description, duration: ERROR_DURATION_S });
}

function notifyNetwork(): void {
  feedback.notification.error({
    message: i18n.t('request.errorTitle'),
    description: i18n.t('request.networkError'),
    duration: ERROR_DURATION_S,
  });
}

/** The client, its interceptors installed. */
function createClient(axios: AxiosStatic): AxiosInstance {
  const http = axios.create({
    baseURL: API_BASE,
    timeout: REQUEST_TIMEOUT_MS,
    // Error replies carry the envelope too: every status is read by the interceptor below.
    validateStatus: () => true,
  });

  http.interceptors.request.use((config) => {
    const token = getToken();
    if (token) config.headers.set('token', token);
    // Server messages (errors, batch results) come back in the UI language.
    if (i18n.language) config.headers.set('lang', i18n.language);
    const company_id = getCompanyId();
    const shopId = getShopId();
    const scope: Record<string, number> = { company_id };
    if (shopId) scope.shop_id = shopId;
    const method = (config.method ?? 'get').toLowerCase();
    if (method === 'get') {
      config.params = { ...scope, ...((config.params as Record<string, unknown> | undefined) ?? {}) };
    } else if (config.data instanceof FormData) {
      for (const [k, v] of Object.entries(scope)) if (!config.data.has(k)) config.data.append(k, String(v));
    } else if (config.data === undefined || (config.data && typeof config.data === 'object')) {
      config.data = { ...scope, ...((config.data as Record<string, unknown> | undefined) ?? {}) };
    }
    return config;
  });

  http.interceptors.response.use(
    (resp) => {
      const body: unknown = resp.data;
      const cfg = resp.config;
      if (!isEnvelope(body)) {
        if (!cfg.silent) notifyNetwork();
        return Promise.reject(new ApiError(resp.status || 0, i18n.t('request.networkError'), null, resp.status));
      }
      // Uploads succeed with code 0 (the form designer's contract); errors never carry 0.
      if (cfg.native || body.code === CODE.ok || (body.code === CODE.uploadOk && resp.status === 200)) return body as never;
      const enrol = isEnrolRequired(body.data);
      if (!cfg.silent && !enrol) notifyError(body.msg);
      if (enrol) onEnrolRequired();
      if (body.code === CODE.notSignedIn && !hasIdentParam()) onNotSignedIn();
      return Promise.reject(new ApiError(body.code, body.msg, body.data, resp.status));
    },
    (error: AxiosError) => {
      if (axios.isCancel(error)) return Promise.reject(error);
      if (!error.config?.silent) notifyNetwork();
      return Promise.reject(new ApiError(0, i18n.t('request.networkError')));
    },
  );
  return http;
}

let client: Promise<AxiosInstance> | null = null;

/**
 * The HTTP client, loaded on first use (axios is not part of the login page's first load).
 * The login page loads it ahead when someone starts filling the form in (`preloadAhead`):
 * loaded by the sign-in call itself it held that call back (sent 181-203 ms after the
 * click in Chromium on a slow machine, 150 ms with the client in; docs/design.md,
 * "Sign-in to the first page").
 */
export function httpClient(): Promise<AxiosInstance> {
  if (!client) {
    client = import('axios').then((m) => createClient(m.default));
    // A chunk that failed to load is asked for again by the next call.
    client.catch(() => {
      client = null;
    });
  }
  return client;
}

/** Sends a request; resolves with the whole `{code, msg, data}` body. */
export async function request<T>(config: AxiosRequestConfig): Promise<Envelope<T>> {
  const instance = await httpClient().catch(() => {
    if (!config.silent) notifyNetwork();
    throw new ApiError(0, i18n.t('request.networkError'));
  });
  return instance.request(config) as unknown as Promise<Envelope<T>>;
}

export function get<T>(url: string, params?: Record<string, unknown>, config: AxiosRequestConfig = {}): Promise<Envelope<T>> {
  return request<T>({ ...config, url, method: 'get', params });
}

export function post<T>(url: string, data?: Record<string, unknown> | FormData, config: AxiosRequestConfig = {}): Promise<Envelope<T>> {
  return request<T>({ ...config, url, method: 'post', data });
}
