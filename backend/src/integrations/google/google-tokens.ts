import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/config';
import { IntegrationError, unansweredReason } from '../../common/integration-error';

/** Access tokens for a user's Drive, from the refresh token kept at Google sign-in. */
@Injectable()
export class GoogleTokens {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async refresh(refreshToken: string): Promise<{ token: string; expiresAt: Date }> {
    // Loaded when first needed, not at start-up (which it would make about 0.05 s longer).
    const { OAuth2Client } = await import('google-auth-library');
    const client = new OAuth2Client({
      clientId: this.config.google.clientId,
      clientSecret: this.config.google.clientSecret,
      endpoints: { oauth2TokenUrl: this.config.google.tokenUrl },
    });
    client.setCredentials({ refresh_token: refreshToken });
    try {
      const { token } = await client.getAccessToken();
      if (!token) throw new IntegrationError('Google', 'answered without an access token; log out and sign in with Google again.');
      return { token, expiresAt: new Date(client.credentials.expiry_date ?? Date.now() + 50 * 60 * 1000) };
    } catch (error) {
      if (error instanceof IntegrationError) throw error;
      const status = (error as { response?: { status?: number } }).response?.status;
      if (status === 400 || status === 401) {
        throw new IntegrationError('Google', 'refused the saved sign-in (it may have been revoked); log out and sign in with Google again.', status);
      }
      if (status === undefined)
        throw new IntegrationError('Google', `could not be reached to refresh the Drive access: ${unansweredReason(error)}.`, undefined, { transient: true });
      throw new IntegrationError('Google', `refused to refresh the Drive access (HTTP ${status}); try again later.`, status);
    }
  }
}
