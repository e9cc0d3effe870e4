import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/config';
import { assertSendable, IntegrationError, isTransient, unansweredReason } from '../../common/integration-error';
import { CALL_RETRIES, retryDelayMs, sleep } from '../../common/retry';
import { Metrics } from '../../metrics/metrics';

type DriveSdk = typeof import('@googleapis/drive');
let sdk: DriveSdk | undefined;

/** The Drive SDK, loaded when a Doc is first written (not at start-up, which it would make about 0.1 s longer). */
function driveSdk(): DriveSdk {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  return (sdk ??= require('@googleapis/drive') as DriveSdk);
}

interface CreatedDoc {
  id: string;
  url: string;
}

interface DriveErrorResponse {
  status?: unknown;
  headers?: unknown;
  data?: { error?: { message?: unknown; errors?: { reason?: unknown }[] } };
}

/** Drive's 403s that mean "slow down" rather than "no" (its usage-limit reasons). */
const RATE_LIMIT_REASONS = new Set(['userRateLimitExceeded', 'rateLimitExceeded']);
/** 403s that say the folder cannot be written by this account. */
const PERMISSION_REASONS = new Set(['insufficientFilePermissions', 'forbidden', 'appNotAuthorizedToFile', 'cannotAddParent', 'insufficientPermissions']);
/** 403s that say the Drive (or shared drive) is full. */
const STORAGE_REASONS = new Set(['storageQuotaExceeded', 'teamDriveFileLimitExceeded', 'numChildrenInNonRootLimitExceeded', 'sharedDriveFileLimitExceeded']);

function header(headers: unknown, name: string): string | null {
  if (!headers) return null;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name);
  const value = (headers as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : null;
}

/**
 * Google Docs written into a Drive folder through the Drive SDK (HTML converted by Drive). Calls
 * are retried on 429, 5xx and Drive's usage-limit 403s, honouring Retry-After; a refusal (400,
 * 401, 403 for permission or storage, 404) is not retried and says which it is. Creating is never
 * repeated blindly: before each new try Quire looks for the Doc the earlier one may have made.
 */
@Injectable()
export class GoogleDocs {
  private readonly logger = new Logger(GoogleDocs.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  private drive(accessToken: string) {
    assertSendable('Google', accessToken, 'Google access');
    // The Drive package's own auth classes (it bundles its own google-auth-library version).
    const { auth: googleAuth, drive } = driveSdk();
    const auth = new googleAuth.OAuth2();
    auth.setCredentials({ access_token: accessToken });
    // gaxios would retry only some methods and ignore Retry-After: the retries here are Quire's.
    return drive({ version: 'v3', auth, rootUrl: this.rootUrl, retry: false });
  }

  private get rootUrl(): string {
    return `${this.config.google.apiRoot}/`;
  }

  /** From Drive's status, its reason and its own error message (the body), never the SDK's error text. */
  private fail(error: unknown, action: string): IntegrationError {
    if (error instanceof IntegrationError) return error;
    const response = (error as { response?: DriveErrorResponse }).response;
    const status = typeof response?.status === 'number' ? response.status : undefined;
    if (status === undefined)
      return new IntegrationError('Google', `could not be reached to ${action}: ${unansweredReason(error)}.`, undefined, { transient: true });
    const said = response?.data?.error?.message;
    const reason = String(response?.data?.error?.errors?.[0]?.reason ?? '');
    const detail = typeof said === 'string' && said ? said : `HTTP ${status}`;
    if (status === 404)
      return new IntegrationError(
        'Google',
        `could not ${action}: the client's save folder no longer exists or is not shared with you; set its save path again.`,
        404,
      );
    if (status === 401)
      return new IntegrationError('Google', `refused the Google sign-in while trying to ${action}; log out and sign in with Google again.`, 401);
    if (status === 403 && RATE_LIMIT_REASONS.has(reason)) {
      return new IntegrationError('Google', `is limiting how fast this account writes to Drive (${reason}); Quire tries again later.`, 403, {
        transient: true,
      });
    }
    if (status === 403 && PERMISSION_REASONS.has(reason)) {
      return new IntegrationError(
        'Google',
        `refused to ${action} (${reason}): your Google account may not add files to the client's save folder; ask for edit access or set another save path.`,
        403,
      );
    }
    if (status === 403 && STORAGE_REASONS.has(reason)) {
      return new IntegrationError(
        'Google',
        `refused to ${action} (${reason}): the Drive that holds the client's save folder is full; free some space or set another save path.`,
        403,
      );
    }
    if (status === 429 || status >= 500)
      return new IntegrationError('Google', `was unavailable while trying to ${action} (HTTP ${status}); Quire tries again later.`, status);
    return new IntegrationError('Google', `refused to ${action}${reason ? ` (${reason})` : ''}: ${detail}`, status);
  }

  /** One call, retried while Drive says "not now". */
  private async withRetries<T>(action: string, call: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.metrics.vendorRequest('google', attempt > 0, call);
      } catch (caught) {
        const error = this.fail(caught, action);
        if (!error.transient || attempt >= CALL_RETRIES.retries) throw error;
        const retryAfter = header((caught as { response?: DriveErrorResponse }).response?.headers, 'retry-after');
        this.logger.debug(`Drive: ${error.message}; retrying`);
        await sleep(retryDelayMs(attempt, CALL_RETRIES, retryAfter));
      }
    }
  }

  /** A Doc this job already wrote (found by its app property, in My Drive and shared drives alike). */
  async findForJob(accessToken: string, jobId: string): Promise<CreatedDoc | null> {
    const { data } = await this.withRetries('look for the Google Doc', () =>
      this.drive(accessToken).files.list({
        q: `appProperties has { key='quireJobId' and value='${jobId}' } and trashed = false`,
        fields: 'files(id, webViewLink)',
        pageSize: 1,
        corpora: 'allDrives',
        includeItemsFromAllDrives: true,
        supportsAllDrives: true,
      }),
    );
    const file = data.files?.[0];
    return file?.id ? { id: file.id, url: file.webViewLink ?? `https://docs.google.com/document/d/${file.id}/edit` } : null;
  }

  /**
   * The job's Doc, written once: an earlier attempt's Doc is found and kept, and a create that
   * fails is not repeated until a look-up shows it did not land (a 5xx may come after Drive made it).
   */
  async createOnce(accessToken: string, doc: { name: string; folderId: string; html: string; jobId: string }): Promise<CreatedDoc> {
    for (let attempt = 0; ; attempt++) {
      const existing = await this.findForJob(accessToken, doc.jobId);
      if (existing) return existing;
      try {
        return await this.create(accessToken, doc, attempt > 0);
      } catch (error) {
        if (!isTransient(error) || attempt >= CALL_RETRIES.retries) throw error;
        await sleep(retryDelayMs(attempt, CALL_RETRIES));
      }
    }
  }

  private async create(accessToken: string, doc: { name: string; folderId: string; html: string; jobId: string }, retry: boolean): Promise<CreatedDoc> {
    const request = {
      requestBody: {
        name: doc.name,
        mimeType: 'application/vnd.google-apps.document',
        parents: [doc.folderId],
        appProperties: { quireJobId: doc.jobId },
      },
      media: { mimeType: 'text/html', body: doc.html },
      fields: 'id, webViewLink',
      supportsAllDrives: true,
    };
    let data;
    try {
      // rootUrl per call as well: the upload URL is built from it, not from the client's option.
      ({ data } = await this.metrics.vendorRequest('google', retry, () => this.drive(accessToken).files.create(request, { rootUrl: this.rootUrl })));
    } catch (error) {
      throw this.fail(error, 'create the Google Doc');
    }
    if (!data.id) throw new IntegrationError('Google', 'answered without a file id while creating the Google Doc; try again.');
    return { id: data.id, url: data.webViewLink ?? `https://docs.google.com/document/d/${data.id}/edit` };
  }
}
