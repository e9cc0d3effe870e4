/** Errors from the API keep the server's message and field errors for the screens to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: { message?: string; errors?: { field: string; message: string }[] } | null,
  ) {
    super(message);
  }
}

/** Same-origin JSON calls with the session cookie. */
export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'include',
    headers: init.body === undefined ? { Accept: 'application/json' } : { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  const body = text ? safeJson(text) : null;
  if (!response.ok) throw new ApiError(response.status, body?.message ?? response.statusText, body);
  return body as T;
}

function safeJson(text: string) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
