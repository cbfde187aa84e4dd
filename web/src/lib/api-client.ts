/** Same-origin JSON calls with credentials. Any non-2xx reply becomes an ApiError. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    // The error's message: the status, a colon and a space, then the body (or the status text).
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's `{message}` when the body is the gateway's JSON error, else null. */
  get serverMessage(): string | null {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
        return parsed.message;
      }
    } catch {
      // not JSON: no server message to show
    }
    return null;
  }
}

export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(path, { credentials: 'include', ...init });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return response;
}

export async function getJson<T>(path: string): Promise<T> {
  const response = await apiFetch(path, { headers: { accept: 'application/json' } });
  return (await response.json()) as T;
}

export async function sendJson<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await apiFetch(path, {
    method,
    headers: {
      ...(body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The description a failure toast shows: the server's message when present, else the default. */
export function errorDescription(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}
