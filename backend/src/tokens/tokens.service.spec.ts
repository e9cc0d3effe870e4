import { ForbiddenException } from '@nestjs/common';
import { buildService, signedIn } from '../../../test/support/unit';
import { AuditRepository } from '../workspaces/audit.repository';
import { MembershipEvents } from '../workspaces/membership-events';
import { TokensRepository } from './tokens.repository';
import type { ApiTokenRow } from './tokens.schema';
import { TokensService } from './tokens.service';

const SECRET = `qk_${'x'.repeat(43)}`;
const token = (overrides: Partial<ApiTokenRow> = {}): ApiTokenRow => ({
  id: 'token-1',
  workspaceId: 'workspace-1',
  userId: 'user-1',
  name: 'CI',
  role: 'editor',
  hash: 'h',
  prefix: 'qk_xxxx',
  createdAt: new Date('2026-11-01T00:00:00Z'),
  lastUsedAt: null,
  expiresAt: new Date('2027-01-01T00:00:00Z'),
  ...overrides,
});
const holder = (overrides: Partial<ApiTokenRow> = {}, memberRole: 'viewer' | 'editor' | 'owner' = 'owner') => ({
  token: token(overrides),
  person: { id: 'user-1', name: 'Ada', email: 'ada@quire.test', avatar: null },
  workspaceName: 'Team',
  memberRole,
});

describe(TokensService.name, () => {
  async function build() {
    const events = new MembershipEvents();
    const built = await buildService(TokensService, { tokens: TokensRepository, audit: AuditRepository }, [{ provide: MembershipEvents, useValue: events }]);
    built.tokens.touch.mockResolvedValue();
    built.tokens.lowerToMembership.mockResolvedValue();
    return { ...built, events };
  }

  describe('resolve', () => {
    it("should act as the token's person in its workspace, with the lower of the token's role and the person's now, named for the audit log", async () => {
      const { sut, tokens } = await build();
      tokens.holder.mockResolvedValue(holder({ role: 'editor' }, 'viewer'));
      expect(await sut.resolve(SECRET, new Date('2026-11-28T00:00:00Z'))).toEqual({
        id: 'user-1',
        userId: 'user-1',
        name: 'Ada',
        email: 'ada@quire.test',
        avatar: null,
        workspaceId: 'workspace-1',
        workspaceName: 'Team',
        role: 'viewer',
        tokenName: 'CI',
      });
      expect(tokens.touch).toHaveBeenCalledTimes(1);
    });

    it('should answer null for a malformed, unknown or expired token, asking the database only for a well-formed one', async () => {
      const { sut, tokens } = await build();
      expect(await sut.resolve('qk_short')).toBeNull();
      expect(await sut.resolve(`xx_${'x'.repeat(43)}`)).toBeNull();
      expect(tokens.holder).not.toHaveBeenCalled();
      tokens.holder.mockResolvedValue(null);
      expect(await sut.resolve(SECRET)).toBeNull();
      tokens.holder.mockResolvedValue(holder({ expiresAt: new Date('2026-11-27T00:00:00Z') }));
      expect(await sut.resolve(SECRET, new Date('2026-11-28T00:00:00Z'))).toBeNull();
    });

    it('should read a token once every few seconds, and again at once when its person’s membership changes', async () => {
      const { sut, tokens, events } = await build();
      tokens.holder.mockResolvedValue(holder());
      const at = new Date('2026-11-28T00:00:00Z');
      await sut.resolve(SECRET, at);
      await sut.resolve(SECRET, new Date(at.getTime() + 1_000));
      expect(tokens.holder).toHaveBeenCalledTimes(1);
      events.emit('changed', 'user-1');
      expect(tokens.lowerToMembership).toHaveBeenCalledWith('user-1');
      tokens.holder.mockResolvedValue(holder({}, 'viewer'));
      expect((await sut.resolve(SECRET, new Date(at.getTime() + 2_000)))?.role).toBe('viewer');
      expect(tokens.holder).toHaveBeenCalledTimes(2);
    });
  });

  describe('create', () => {
    it("should refuse a role above the caller's, and keep only the token's hash", async () => {
      const { sut, tokens, audit } = await build();
      await expect(sut.create(signedIn('editor', 'user-1'), { name: 'Too high', role: 'owner' })).rejects.toThrow(
        new ForbiddenException("A token's role cannot be above your own (editor)."),
      );
      tokens.countOf.mockResolvedValue(0);
      tokens.create.mockImplementation(async (values) => token({ ...values, id: 'token-2' } as Partial<ApiTokenRow>));
      audit.record.mockResolvedValue();
      const made = await sut.create(signedIn('editor', 'user-1'), { name: 'CI', role: 'viewer' });
      expect(made.secret).toMatch(/^qk_[A-Za-z0-9_-]{43}$/);
      const stored = tokens.create.mock.calls[0][0];
      expect(stored.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(stored)).not.toContain(made.secret.slice(7));
      expect(JSON.stringify(audit.record.mock.calls)).not.toContain(made.secret.slice(7));
    });
  });
});
