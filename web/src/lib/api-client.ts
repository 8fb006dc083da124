import { apiUrl } from '@/lib/api-url';
import { getAccessToken, refreshSession } from '@/lib/auth/session';

/**
 * The one way the site talks to the API: same-origin `/api/v1/...` paths (optionally prefixed by
 * NEXT_PUBLIC_API_BASE in development). When signed in, calls carry `Authorization: Bearer`.
 * Failures throw ApiError with the API's error code.
 */

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, unknown> | undefined;
  /** A heading for the message, where SPEC gives one (e.g. "Purchase Limit Reached"). */
  readonly title: string | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, unknown>, title?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.title = title;
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }

  /** The shop is closed for maintenance: 503 `maintenance`, the admin's message as the message. */
  get isMaintenance(): boolean {
    return this.status === 503 && this.code === 'maintenance';
  }
}

const maintenanceListeners = new Set<() => void>();

/**
 * Calls `listener` whenever the API answers 503 `maintenance` (the site then reads the public
 * settings again, so the maintenance notice shows even when they were cached before it began).
 * Answers the function that stops it.
 */
export function onMaintenance(listener: () => void): () => void {
  maintenanceListeners.add(listener);
  return () => {
    maintenanceListeners.delete(listener);
  };
}

interface ErrorBody {
  error?: string | { code?: unknown; message?: unknown; fields?: unknown; title?: unknown } | null;
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: ErrorBody | undefined;
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    body = undefined;
  }
  // Points redemption answers SPEC's RPC shape, `{success: false, error: "text"}`.
  if (typeof body?.error === 'string') return new ApiError(response.status, 'http_error', body.error);
  const error = body?.error;
  const code = typeof error?.code === 'string' ? error.code : 'http_error';
  const message =
    typeof error?.message === 'string'
      ? error.message
      : `Request failed with status ${response.status}`;
  const fields =
    error?.fields && typeof error.fields === 'object'
      ? (error.fields as Record<string, unknown>)
      : undefined;
  const title = typeof error?.title === 'string' ? error.title : undefined;
  return new ApiError(response.status, code, message, fields, title);
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Let the request finish even if the page unloads (small bodies only, < 64 KB). */
  keepalive?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a call sends: a value as JSON, or a file's bytes as they are (uploads, lib/api/upload.ts). */
type Payload = { json: unknown } | { file: Blob };

function encode(payload: Payload | undefined): { body?: BodyInit; type?: string } {
  if (!payload) return {};
  if ('file' in payload) return { body: payload.file, type: payload.file.type || 'application/octet-stream' };
  return { body: JSON.stringify(payload.json), type: 'application/json' };
}

async function send(
  method: Method,
  path: string,
  payload: Payload | undefined,
  token: string | null,
  signal?: AbortSignal,
  keepalive?: boolean,
) {
  const { body, type } = encode(payload);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (type) headers['Content-Type'] = type;
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(apiUrl(path), {
      method,
      headers,
      body,
      signal,
      ...(keepalive ? { keepalive } : {}),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'network_error', 'Could not reach the server');
  }
}

type CallOptions = RequestOptions & { body?: unknown; file?: Blob };

/**
 * Any API call, answering the successful Response itself (for answers that are not JSON, such as
 * a CSV export; lib/api/download.ts). `body` is sent as JSON; `file` instead sends a file's bytes
 * as the body, with the file's type. A 401 with a token is tried once more after refreshing the
 * tokens; a failure throws ApiError.
 */
export async function apiFetch(method: Method, path: string, { body, file, signal, keepalive }: CallOptions = {}): Promise<Response> {
  const payload: Payload | undefined = file ? { file } : body === undefined ? undefined : { json: body };
  const token = await getAccessToken();
  let response = await send(method, path, payload, token, signal, keepalive);
  if (response.status === 401 && token) {
    const refreshed = await refreshSession().catch(() => null);
    if (refreshed) response = await send(method, path, payload, refreshed.access_token, signal, keepalive);
  }
  if (!response.ok) {
    const error = await toApiError(response);
    if (error.isMaintenance) maintenanceListeners.forEach((listener) => listener());
    throw error;
  }
  return response;
}

/** Any API call answering JSON (204: undefined); see apiFetch. */
export async function apiRequest<T>(method: Method, path: string, options: CallOptions = {}): Promise<T> {
  const response = await apiFetch(method, path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export function apiGet<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return apiRequest<T>('GET', path, options);
}
