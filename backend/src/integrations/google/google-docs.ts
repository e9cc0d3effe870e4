import { Inject, Injectable } from '@nestjs/common';
import { auth as googleAuth, drive } from '@googleapis/drive';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/config';
import { IntegrationError } from '../../common/integration-error';

export interface CreatedDoc {
  id: string;
  url: string;
}

/** Google Docs written into a Drive folder through the Drive SDK (HTML converted by Drive). */
@Injectable()
export class GoogleDocs {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private drive(accessToken: string) {
    // The Drive package's own auth classes (it bundles its own google-auth-library version).
    const auth = new googleAuth.OAuth2();
    auth.setCredentials({ access_token: accessToken });
    return drive({ version: 'v3', auth, rootUrl: this.rootUrl });
  }

  private get rootUrl(): string {
    return `${this.config.google.apiRoot}/`;
  }

  private fail(error: unknown, action: string): IntegrationError {
    const status = (error as { response?: { status?: number } }).response?.status ?? (error as { code?: number }).code;
    const detail = (error as { message?: string }).message ?? String(error);
    if (status === 404) return new IntegrationError('Google', `could not ${action}: the client's save folder no longer exists or is not shared with you; set its save path again.`, 404);
    if (status === 401 || status === 403) return new IntegrationError('Google', `refused to ${action} (${detail}); sign in with Google again.`, status);
    return new IntegrationError('Google', `could not ${action}: ${detail}`, typeof status === 'number' ? status : undefined);
  }

  /** A Doc this job already wrote (found by its app property), so a resumed job does not write it twice. */
  async findForJob(accessToken: string, jobId: string): Promise<CreatedDoc | null> {
    try {
      const { data } = await this.drive(accessToken).files.list({
        q: `appProperties has { key='quireJobId' and value='${jobId}' } and trashed = false`,
        fields: 'files(id, webViewLink)',
        pageSize: 1,
      });
      const file = data.files?.[0];
      return file?.id ? { id: file.id, url: file.webViewLink ?? `https://docs.google.com/document/d/${file.id}/edit` } : null;
    } catch (error) {
      throw this.fail(error, 'look for the Google Doc');
    }
  }

  async create(accessToken: string, doc: { name: string; folderId: string; html: string; jobId: string }): Promise<CreatedDoc> {
    try {
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
      // rootUrl per call as well: the upload URL is built from it, not from the client's option.
      const { data } = await this.drive(accessToken).files.create(request, { rootUrl: this.rootUrl });
      if (!data.id) throw new Error('Drive answered without a file id');
      return { id: data.id, url: data.webViewLink ?? `https://docs.google.com/document/d/${data.id}/edit` };
    } catch (error) {
      throw error instanceof IntegrationError ? error : this.fail(error, 'create the Google Doc');
    }
  }
}
