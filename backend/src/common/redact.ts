/**
 * Secrets as they may appear inside an error message or a stack (an SDK that echoes the
 * Authorization header it could not send, a URL with a key). Log lines pass through here last;
 * replies never carry such messages at all (see integration-error.ts).
 */
const SECRET_PATTERNS: [RegExp, string][] = [
  [/\b(Bearer|Basic|Token)\s+\S+/gi, '$1 [redacted]'],
  [/\bsk-[A-Za-z0-9_-]{6,}\S*/g, 'sk-[redacted]'], // OpenAI and Anthropic (sk-ant-…) API keys
  [/\b(secret|ntn)_[A-Za-z0-9]{10,}\S*/g, '$1_[redacted]'], // Notion integration secrets
  [/\bya29\.[\w.-]+/g, 'ya29.[redacted]'], // Google access tokens
  [/\b1\/\/[\w-]{10,}/g, '1//[redacted]'], // Google refresh tokens
  [/\bGOCSPX-[\w-]+/g, 'GOCSPX-[redacted]'], // Google OAuth client secrets
  [/\bAIza[\w-]{20,}/g, 'AIza[redacted]'], // Google API keys
  [/([?&](?:key|api_key|access_token|refresh_token|client_secret)=)[^&\s]+/gi, '$1[redacted]'],
];

/** Control characters other than tab and newline, which would garble a log line (NUL included). */
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

export function redactSecrets(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRET_PATTERNS) out = out.replace(pattern, replacement);
  return out.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A log argument with every string in it redacted (errors become their redacted stack). */
export function redactForLog(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (value instanceof Error) return redactSecrets(value.stack ?? `${value.name}: ${value.message}`);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 8) return '[…]';
  if (Array.isArray(value)) return value.map((item) => redactForLog(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [redactSecrets(key), redactForLog(inner, depth + 1)]));
}
