import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Profile, Strategy } from 'passport-google-oauth20';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { SecretBox } from '../common/secret-box';
import { OAuthStateStore } from './oauth-state.store';

const GOOGLE_SCOPES = ['openid', 'email', 'profile', 'https://www.googleapis.com/auth/drive.file'];

/** What the Google strategy hands to the callback: the verified identity and the refresh token. */
export interface GoogleIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
  avatar: string | null;
  refreshToken: string | null;
}

@Injectable()
export class GoogleStrategy extends PassportStrategy(Strategy, 'google') {
  constructor(@Inject(APP_CONFIG) config: AppConfig, box: SecretBox) {
    super({
      clientID: config.google.clientId,
      clientSecret: config.google.clientSecret,
      callbackURL: `${config.appUrl}/api/auth/google/callback`,
      authorizationURL: config.google.authUrl,
      tokenURL: config.google.tokenUrl,
      userProfileURL: config.google.userInfoUrl,
      scope: GOOGLE_SCOPES,
      state: true,
      pkce: true,
      store: new OAuthStateStore(box, config.secureCookies),
    } as never);
  }

  validate(_accessToken: string, refreshToken: string | undefined, profile: Profile): GoogleIdentity {
    const json = (profile._json ?? {}) as Record<string, unknown>;
    const email = String(json.email ?? profile.emails?.[0]?.value ?? '').toLowerCase();
    const verified = json.email_verified === true || json.email_verified === 'true';
    return {
      subject: String(json.sub ?? profile.id),
      email,
      emailVerified: verified,
      name: String(json.name ?? profile.displayName ?? email),
      avatar: typeof json.picture === 'string' ? json.picture : null,
      refreshToken: refreshToken ?? null,
    };
  }
}
