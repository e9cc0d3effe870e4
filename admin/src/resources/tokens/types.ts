import type { Api } from '../../api/client';

/** GET /api/tokens: a personal API token, never its value (shown once, when made). */
export type ApiToken = Api<'TokenResponse'>;
/** POST /api/tokens: the token just made, its value in `token`. */
export type MadeApiToken = Api<'CreatedTokenResponse'>;
