/**
 * The one way the site talks to the API: same-origin `/api/v1/...` paths (optionally prefixed by
 * NEXT_PUBLIC_API_BASE in development). Failures throw ApiError with the API's error code.
 */

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, unknown> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

export function apiUrl(path: string): string {
  const base = process.env.NEXT_PUBLIC_API_BASE ?? '';
  if (base) return `${base.replace(/\/$/, '')}${path}`;
  // Absolute in the browser (and under jsdom); the page's origin is the API's origin.
  if (typeof window !== 'undefined') return new URL(path, window.location.origin).toString();
  return path;
}

interface ErrorBody {
  error?: { code?: unknown; message?: unknown; fields?: unknown };
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: ErrorBody | undefined;
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    body = undefined;
  }
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
  return new ApiError(response.status, code, message, fields);
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export async function apiGet<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: 'GET',
      headers: { Accept: 'application/json' },
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'network_error', 'Could not reach the server');
  }
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}
