import { InternalServerErrorException, NotFoundException } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { buildService } from '../../../test/support/unit';
import { SecretBox } from '../common/secret-box';
import { UsersRepository } from './users.repository';
import { UserRow } from './users.schema';
import { UsersService } from './users.service';

const USER = 'user-1';

describe(UsersService.name, () => {
  const box = new SecretBox(randomBytes(32));

  function userRow(overrides: Partial<UserRow> = {}): UserRow {
    return {
      id: USER,
      email: 'ann@example.com',
      name: 'Ann',
      avatar: null,
      googleSubject: null,
      googleRefreshToken: null,
      googleAccessToken: null,
      googleAccessTokenExpiresAt: null,
      createdAt: new Date(0),
      updatedAt: new Date(0),
      ...overrides,
    };
  }

  const build = () => buildService(UsersService, { users: UsersRepository }, [{ provide: SecretBox, useValue: box }]);

  describe('Google tokens', () => {
    it('should seal the refresh token for its purpose and open it again', async () => {
      const { sut, users } = await build();
      users.setGoogleRefreshToken.mockResolvedValue();

      await sut.setGoogleRefreshToken(USER, 'refresh-1');
      const sealed = users.setGoogleRefreshToken.mock.calls[0][1];
      users.findById.mockResolvedValue(userRow({ googleRefreshToken: sealed }));

      expect(sealed).not.toContain('refresh-1');
      expect(await sut.getGoogleRefreshToken(USER)).toBe('refresh-1');
    });

    it('should answer no access token until one is saved with its expiry', async () => {
      const { sut, users } = await build();
      users.findById.mockResolvedValue(userRow({ googleAccessToken: box.seal('access-1', `${USER}:google-access-token`) }));

      expect(await sut.getGoogleAccessToken(USER)).toBeNull();
    });

    it('should answer 500 saying the ENCRYPTION_KEY differs when a token does not open', async () => {
      const { sut, users } = await build();
      users.findById.mockResolvedValue(userRow({ googleRefreshToken: new SecretBox(randomBytes(32)).seal('refresh-1', `${USER}:google-refresh-token`) }));

      await expect(sut.getGoogleRefreshToken(USER)).rejects.toBeInstanceOf(InternalServerErrorException);
    });

    it('should answer 404 for a person who is gone', async () => {
      const { sut, users } = await build();
      users.findById.mockResolvedValue(null);

      await expect(sut.getGoogleRefreshToken(USER)).rejects.toThrow(new NotFoundException('User not found.'));
    });
  });
});
