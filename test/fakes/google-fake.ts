import { createHash, randomBytes } from 'node:crypto';
import { TransientFaults } from './faults';
import { HttpFake, json, RecordedRequest, redirect } from './http-fake';
import type { ServerResponse } from 'node:http';

export interface GoogleAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture?: string;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  challenge: string | null;
  account: GoogleAccount;
  /** Google answers a refresh token only to offline access whose consent screen was shown again. */
  offline: boolean;
}

/**
 * Google's OAuth 2.0 endpoints as far as Quire uses them: authorization (consents at once as the
 * configured account, who has consented before), token exchange with PKCE S256 checks (a refresh
 * token only for `access_type=offline` with `prompt=consent`), refresh, and OpenID userinfo.
 */
export class GoogleFake extends HttpFake {
  /** Who "signs in" at the consent screen next. */
  account: GoogleAccount = {
    sub: '1001',
    email: 'ada@quire.test',
    email_verified: true,
    name: 'Ada Lovelace',
    picture: 'https://example.test/ada.png',
  };
  /** When set, the consent screen answers with this OAuth error instead of a code. */
  denyWith: string | null = null;
  readonly clientId = 'quire-test-client';
  readonly clientSecret = 'quire-test-secret';
  private readonly codes = new Map<string, IssuedCode>();
  private readonly accessTokens = new Map<string, GoogleAccount>();
  private readonly refreshTokens = new Map<string, GoogleAccount>();

  constructor() {
    super(
      (req, res) => this.route(req, res),
      (res) => json(res, 400, { error: { code: 400, message: 'Invalid JSON payload received.', status: 'INVALID_ARGUMENT' } }),
    );
  }

  get authUrl(): string {
    return `${this.url}/o/oauth2/v2/auth`;
  }
  get tokenUrl(): string {
    return `${this.url}/token`;
  }
  get userInfoUrl(): string {
    return `${this.url}/v1/userinfo`;
  }

  /** The environment that points Quire's Google sign-in at this fake. */
  env(allowedEmails = 'ada@quire.test'): Record<string, string> {
    return {
      AUTH_MODE: 'google',
      GOOGLE_CLIENT_ID: this.clientId,
      GOOGLE_CLIENT_SECRET: this.clientSecret,
      GOOGLE_AUTH_URL: this.authUrl,
      GOOGLE_TOKEN_URL: this.tokenUrl,
      GOOGLE_USERINFO_URL: this.userInfoUrl,
      GOOGLE_API_ROOT: this.url,
      ALLOWED_EMAILS: allowedEmails,
    };
  }

  private route(req: RecordedRequest, res: ServerResponse): void {
    if (req.path === '/upload/drive/v3/files' && req.method === 'POST') return this.createFile(req, res);
    if (req.path === '/drive/v3/files' && req.method === 'GET') return this.listFiles(req, res);
    if (req.method === 'GET' && req.path === '/o/oauth2/v2/auth') return this.authorize(req, res);
    if (req.method === 'POST' && req.path === '/token') return this.token(req, res);
    if (req.method === 'GET' && req.path === '/v1/userinfo') return this.userInfo(req, res);
    json(res, 404, { error: 'not_found' });
  }

  private authorize(req: RecordedRequest, res: ServerResponse): void {
    const q = req.query;
    const redirectUri = q.get('redirect_uri') ?? '';
    if (q.get('client_id') !== this.clientId) return json(res, 400, { error: 'invalid_client' });
    if (q.get('response_type') !== 'code') return json(res, 400, { error: 'unsupported_response_type' });
    const target = new URL(redirectUri);
    if (q.get('state')) target.searchParams.set('state', q.get('state')!);
    if (this.denyWith) {
      target.searchParams.set('error', this.denyWith);
      target.searchParams.set('error_description', 'The user denied access');
      return redirect(res, target.toString());
    }
    if (q.get('code_challenge') && q.get('code_challenge_method') !== 'S256') {
      return json(res, 400, { error: 'invalid_request', error_description: 'only S256 is accepted' });
    }
    const code = randomBytes(12).toString('hex');
    this.codes.set(code, {
      clientId: this.clientId,
      redirectUri,
      challenge: q.get('code_challenge'),
      account: { ...this.account },
      // A returning user is not asked again unless prompt=consent, and only a consent screen gives offline access a refresh token.
      offline: q.get('access_type') === 'offline' && (q.get('prompt') ?? '').split(' ').includes('consent'),
    });
    target.searchParams.set('code', code);
    redirect(res, target.toString());
  }

  private token(req: RecordedRequest, res: ServerResponse): void {
    const form = new URLSearchParams(req.body);
    const basic = req.headers.authorization?.startsWith('Basic ') ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':') : [];
    const clientId = form.get('client_id') ?? decodeURIComponent(basic[0] ?? '');
    const clientSecret = form.get('client_secret') ?? decodeURIComponent(basic[1] ?? '');
    if (clientId !== this.clientId || clientSecret !== this.clientSecret) {
      return json(res, 401, { error: 'invalid_client' });
    }
    if (form.get('grant_type') === 'refresh_token') {
      const account = this.refreshTokens.get(form.get('refresh_token') ?? '');
      if (!account) return json(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      return json(res, 200, { access_token: this.issueAccessToken(account), expires_in: 3599, token_type: 'Bearer' });
    }
    const issued = this.codes.get(form.get('code') ?? '');
    this.codes.delete(form.get('code') ?? '');
    if (!issued || issued.redirectUri !== form.get('redirect_uri')) {
      return json(res, 400, { error: 'invalid_grant', error_description: 'Bad code or redirect_uri' });
    }
    const verifier = form.get('code_verifier');
    if (issued.challenge) {
      const computed = verifier ? createHash('sha256').update(verifier).digest('base64url') : '';
      if (computed !== issued.challenge) {
        return json(res, 400, { error: 'invalid_grant', error_description: 'code_verifier does not match' });
      }
    }
    const refreshToken = issued.offline ? `1//refresh-${randomBytes(8).toString('hex')}` : null;
    if (refreshToken) this.refreshTokens.set(refreshToken, issued.account);
    json(res, 200, {
      access_token: this.issueAccessToken(issued.account),
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      expires_in: 3599,
      token_type: 'Bearer',
      scope: 'openid email profile https://www.googleapis.com/auth/drive.file',
    });
  }

  private userInfo(req: RecordedRequest, res: ServerResponse): void {
    const token = req.headers.authorization?.replace(/^Bearer /, '') ?? req.query.get('access_token') ?? '';
    const account = this.accessTokens.get(token);
    if (!account) return json(res, 401, { error: 'invalid_token' });
    json(res, 200, { ...account, given_name: account.name.split(' ')[0] });
  }

  /** Drive files created through the fake, as Drive would hold them after converting to a Doc. */
  readonly files: { id: string; name: string; mimeType: string; parents: string[]; appProperties: Record<string, string>; content: string }[] = [];
  /** Folders that do not exist (creating a file in one answers 404). */
  readonly missingFolders = new Set<string>();
  /** Folders the account may only read (403 insufficientFilePermissions). */
  readonly readOnlyFolders = new Set<string>();
  /** The Drive is full (403 storageQuotaExceeded on every create). */
  driveFull = false;
  /** A share of Drive calls answered 429, 500, 503 or 403 userRateLimitExceeded (for a create answered 503, half of them made anyway). */
  readonly driveFaults = new TransientFaults([429, 500, 503, 403]);
  /** The next Doc creations create the Doc and then answer 503, as a gateway that timed out on a write that landed. */
  createThenFail = 0;

  /** Empties Drive (files, refusals, faults) and forgets what was asked; sign-ins are kept. */
  resetDrive(): void {
    this.files.length = 0;
    this.missingFolders.clear();
    this.readOnlyFolders.clear();
    this.driveFull = false;
    this.driveFaults.reset();
    this.createThenFail = 0;
    this.requests.length = 0;
  }

  /** Drive's JSON error, with its reason as Drive gives it. */
  private driveError(res: ServerResponse, status: number, reason: string, message: string): void {
    json(res, status, {
      error: { code: status, message, errors: [{ domain: status === 403 && /Limit/.test(reason) ? 'usageLimits' : 'global', reason, message }] },
    });
  }

  /** Null when the call goes through; else answers the fault and says whether the work should still be done. */
  private driveFault(res: ServerResponse, write: boolean): { doAnyway: boolean } | null {
    const fault = this.driveFaults.next(write);
    if (!fault) return null;
    const answers: Record<number, [string, string]> = {
      429: ['rateLimitExceeded', 'Rate Limit Exceeded'],
      500: ['backendError', 'Backend Error'],
      503: ['backendError', 'The service is currently unavailable.'],
      403: ['userRateLimitExceeded', 'User Rate Limit Exceeded'],
    };
    const [reason, message] = answers[fault.status];
    this.driveError(res, fault.status, reason, message);
    const doAnyway = write && fault.status === 503 && Math.random() < 0.5;
    if (doAnyway) this.driveFaults.afterWrites++;
    return { doAnyway };
  }

  private driveAccount(req: RecordedRequest): GoogleAccount | undefined {
    return this.accessTokens.get(req.headers.authorization?.replace(/^Bearer /, '') ?? '');
  }

  private createFile(req: RecordedRequest, res: ServerResponse): void {
    if (!this.driveAccount(req)) return json(res, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.' } });
    const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(String(req.headers['content-type']));
    const parts = boundary
      ? req.body
          .split(`--${boundary[1] ?? boundary[2]}`)
          .map((part) => part.slice(part.indexOf('\r\n\r\n') + 4).replace(/\r\n$/, ''))
          .filter((part) => part && part !== '--' && part !== '--\r\n')
      : [];
    const metadata = JSON.parse(parts[0] ?? '{}');
    const folder = metadata.parents?.[0];
    if (!folder || this.missingFolders.has(folder)) return this.driveError(res, 404, 'notFound', `File not found: ${folder}.`);
    if (this.readOnlyFolders.has(folder))
      return this.driveError(res, 403, 'insufficientFilePermissions', 'The user does not have sufficient permissions for this file.');
    if (this.driveFull) return this.driveError(res, 403, 'storageQuotaExceeded', 'The user has exceeded their Drive storage quota');
    const forced = this.createThenFail > 0;
    if (forced) this.createThenFail--;
    const fault = forced ? null : this.driveFault(res, true);
    if (fault && !fault.doAnyway) return;
    const id = `doc-${randomBytes(8).toString('hex')}`;
    this.files.push({
      id,
      name: metadata.name,
      mimeType: metadata.mimeType,
      parents: metadata.parents,
      appProperties: metadata.appProperties ?? {},
      content: parts[1] ?? '',
    });
    if (forced) {
      this.driveFaults.afterWrites++;
      return this.driveError(res, 503, 'backendError', 'The service is currently unavailable.');
    }
    if (!fault) json(res, 200, { id, webViewLink: `https://docs.google.com/document/d/${id}/edit` });
  }

  private listFiles(req: RecordedRequest, res: ServerResponse): void {
    if (!this.driveAccount(req)) return json(res, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.' } });
    const q = req.query;
    if (q.get('corpora') === 'allDrives' && q.get('includeItemsFromAllDrives') !== 'true') {
      return this.driveError(
        res,
        403,
        'invalid',
        'The includeItemsFromAllDrives parameter must be set to true when driveId is specified or corpora contains drive or allDrives.',
      );
    }
    if (this.driveFault(res, false)) return;
    const match = /key='([^']+)' and value='([^']+)'/.exec(req.query.get('q') ?? '');
    const files = match ? this.files.filter((f) => f.appProperties[match[1]] === match[2]) : this.files;
    json(res, 200, { files: files.map((f) => ({ id: f.id, webViewLink: `https://docs.google.com/document/d/${f.id}/edit` })) });
  }

  /** Whether a refresh token is one this fake issued (tests check what Quire stored). */
  hasRefreshToken(token: string): boolean {
    return this.refreshTokens.has(token);
  }

  private issueAccessToken(account: GoogleAccount): string {
    const token = `ya29.${randomBytes(12).toString('hex')}`;
    this.accessTokens.set(token, account);
    return token;
  }
}
