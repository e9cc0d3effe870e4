import { ApiProperty } from '@nestjs/swagger';
import { ForbiddenException, Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { UsersRepository } from '../users/users.repository';
import { UsersService } from '../users/users.service';
import { UserRow } from '../users/users.schema';
import { GoogleIdentity } from './google.strategy';
import { isAllowedEmail } from '../config/allowed-email';
import { WorkspacesService } from '../workspaces/workspaces.service';

const LOCAL_OPERATOR = { email: 'local-operator@quire.invalid', name: 'Local Operator' };

export class Provider {
  @ApiProperty({ enum: ['google', 'local'] })
  id!: 'google' | 'local';

  @ApiProperty({ example: 'Google' })
  name!: string;
}

/** Who may sign in, and how a sign-in becomes a user. */
@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly settings: UsersService,
    private readonly workspaces: WorkspacesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  providers(): Provider[] {
    return this.config.authMode === 'google' ? [{ id: 'google', name: 'Google' }] : [{ id: 'local', name: LOCAL_OPERATOR.name }];
  }

  isAllowed(email: string): boolean {
    return isAllowedEmail(this.config, email);
  }

  async signInWithGoogle(identity: GoogleIdentity): Promise<UserRow> {
    if (!identity.email || !identity.emailVerified) {
      throw new ForbiddenException('Your Google account has no verified email address.');
    }
    if (!this.isAllowed(identity.email)) {
      this.logger.warn(`Refused Google sign-in for ${identity.email}: not in ALLOWED_EMAILS or ALLOWED_EMAIL_DOMAINS`);
      throw new ForbiddenException(`${identity.email} is not allowed to sign in to Quire.`);
    }
    const user = await this.users.upsertProfile({
      id: randomUUID(),
      email: identity.email,
      name: identity.name,
      avatar: identity.avatar,
      googleSubject: identity.subject,
    });
    // Google sends a refresh token only on consent; an earlier one stays valid otherwise.
    if (identity.refreshToken) await this.settings.setGoogleRefreshToken(user.id, identity.refreshToken);
    await this.workspaces.onSignIn(user);
    return user;
  }

  async signInLocal(): Promise<UserRow> {
    const user = await this.users.upsertProfile({ id: randomUUID(), ...LOCAL_OPERATOR, avatar: null, googleSubject: null });
    await this.workspaces.onSignIn(user);
    return user;
  }
}
