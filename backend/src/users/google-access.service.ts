import { ConflictException, Injectable } from '@nestjs/common';
import { GoogleTokens } from '../integrations/google/google-tokens';
import { UsersService } from './users.service';

/** A token is handed out only while it has at least this long to live. */
const TOKEN_MARGIN_MS = 2 * 60 * 1000;

const NO_GOOGLE_ACCOUNT_MESSAGE = 'Choosing a Drive folder needs Google sign-in: log out and sign in with Google.';

/** A user's Google access token: the cached one while it lasts, else one refreshed from the stored refresh token. */
@Injectable()
export class GoogleAccessService {
  constructor(
    private readonly users: UsersService,
    private readonly google: GoogleTokens,
  ) {}

  async accessToken(userId: string, missingMessage = NO_GOOGLE_ACCOUNT_MESSAGE): Promise<{ token: string; expiresAt: Date }> {
    const cached = await this.users.getGoogleAccessToken(userId);
    if (cached && cached.expiresAt.getTime() - Date.now() > TOKEN_MARGIN_MS) return cached;
    const refreshToken = await this.users.getGoogleRefreshToken(userId);
    if (!refreshToken) throw new ConflictException(missingMessage);
    const fresh = await this.google.refresh(refreshToken);
    await this.users.setGoogleAccessToken(userId, fresh.token, fresh.expiresAt);
    return fresh;
  }
}
