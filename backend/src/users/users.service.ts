import { Injectable, NotFoundException } from '@nestjs/common';
import { sealContext } from '../common/sealed-columns';
import { openSaved, SecretBox } from '../common/secret-box';
import { UsersRepository } from './users.repository';
import { UserRow } from './users.schema';

/** Each person's own Google tokens, sealed for "<user id>:<purpose>" (the connection settings belong to the workspace). */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly box: SecretBox,
  ) {}

  /** Google tokens are sealed like the settings, bound to the user and their purpose. */
  async setGoogleRefreshToken(userId: string, token: string): Promise<void> {
    await this.users.setGoogleRefreshToken(userId, this.box.seal(token, sealContext(userId, 'google-refresh-token')));
  }

  async getGoogleRefreshToken(userId: string): Promise<string | null> {
    const user = await this.require(userId);
    return user.googleRefreshToken ? openSaved(this.box, user.googleRefreshToken, sealContext(userId, 'google-refresh-token')) : null;
  }

  async setGoogleAccessToken(userId: string, token: string, expiresAt: Date): Promise<void> {
    await this.users.setGoogleAccessToken(userId, this.box.seal(token, sealContext(userId, 'google-access-token')), expiresAt);
  }

  async getGoogleAccessToken(userId: string): Promise<{ token: string; expiresAt: Date } | null> {
    const user = await this.require(userId);
    if (!user.googleAccessToken || !user.googleAccessTokenExpiresAt) return null;
    return { token: openSaved(this.box, user.googleAccessToken, sealContext(userId, 'google-access-token')), expiresAt: user.googleAccessTokenExpiresAt };
  }

  private async require(userId: string): Promise<UserRow> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundException('User not found.');
    return user;
  }
}
