import { ForbiddenException, Type, InternalServerErrorException, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role } from '@quire/shared';
import { buildService, routeContext, signedIn } from '../../../test/support/unit';
import { Access, AnyoneSignedIn, OutsideWorkspace } from '../common/access';
import { PermissionGuard } from './permission.guard';

const OWN_ID = '11111111-1111-4111-8111-111111111111';
const OTHER_ID = '22222222-2222-4222-8222-222222222222';

/** One route per kind of declaration the guard reads. */
class Routes {
  @Access('sections', 'read') readSections() {}
  @Access('sections', 'write') writeSections() {}
  @Access('user', 'read') readSettings() {}
  @Access('user', 'write') writeSettings() {}
  @Access('invitations', 'read') readInvitations() {}
  @Access('invitations', 'write') writeInvitations() {}
  @Access('members', 'write', { self: 'id' }) removeMember() {}
  @AnyoneSignedIn() makeWorkspace() {}
  @OutsideWorkspace() switchWorkspace() {}
  undeclared() {}
}

/** A controller declared as a whole, one of its routes otherwise. */
@Access('audit', 'read')
class OwnersRoutes {
  list() {}
  @Access('sections', 'read') sections() {}
}

@OutsideWorkspace()
class SessionRoutes {
  me() {}
}

describe('PermissionGuard', () => {
  let guard: PermissionGuard;

  beforeEach(async () => {
    ({ sut: guard } = await buildService(PermissionGuard, {}, [Reflector]));
  });

  const allows = (type: Type, method: string, role: Role | null, params: Record<string, string> = {}) =>
    guard.canActivate(routeContext(type, method, { account: role ? signedIn(role, OWN_ID) : undefined, params }));

  it.each<[string, Role, 'allowed' | 'refused']>([
    ['readSections', 'viewer', 'allowed'],
    ['readSections', 'editor', 'allowed'],
    ['readSections', 'owner', 'allowed'],
    ['writeSections', 'viewer', 'refused'],
    ['writeSections', 'editor', 'allowed'],
    ['writeSections', 'owner', 'allowed'],
    ['readSettings', 'viewer', 'allowed'],
    ['readSettings', 'editor', 'allowed'],
    ['readSettings', 'owner', 'allowed'],
    ['writeSettings', 'viewer', 'refused'],
    ['writeSettings', 'editor', 'refused'],
    ['writeSettings', 'owner', 'allowed'],
    ['readInvitations', 'viewer', 'refused'],
    ['readInvitations', 'editor', 'refused'],
    ['readInvitations', 'owner', 'allowed'],
    ['writeInvitations', 'viewer', 'refused'],
    ['writeInvitations', 'editor', 'refused'],
    ['writeInvitations', 'owner', 'allowed'],
    ['removeMember', 'viewer', 'refused'],
    ['removeMember', 'editor', 'refused'],
    ['removeMember', 'owner', 'allowed'],
    ['makeWorkspace', 'viewer', 'allowed'],
    ['makeWorkspace', 'editor', 'allowed'],
    ['makeWorkspace', 'owner', 'allowed'],
  ])('should answer %s to a %s: %s', (method, role, answer) => {
    const call = () => allows(Routes, method, role, { id: OTHER_ID });
    if (answer === 'allowed') expect(call()).toBe(true);
    else expect(call).toThrow(ForbiddenException);
  });

  it('should let anyone call a route declared with `self` on their own id (leaving a workspace)', () => {
    expect(allows(Routes, 'removeMember', 'viewer', { id: OWN_ID })).toBe(true);
  });

  it('should refuse a route that declares nothing, naming it', () => {
    expect(() => allows(Routes, 'undeclared', 'owner')).toThrow(new InternalServerErrorException('No access is declared for Routes.undeclared.'));
  });

  it('should need no membership on a route outside the workspaces', () => {
    expect(allows(Routes, 'switchWorkspace', null)).toBe(true);
  });

  it('should need no membership on a controller declared outside the workspaces', () => {
    expect(allows(SessionRoutes, 'me', null)).toBe(true);
  });

  it("should apply a controller's declaration to its routes", () => {
    expect(() => allows(OwnersRoutes, 'list', 'editor')).toThrow(ForbiddenException);
  });

  it("should take a route's own declaration over its controller's", () => {
    expect(allows(OwnersRoutes, 'sections', 'viewer')).toBe(true);
  });

  it("should refuse a workspace's route to a caller without a session", () => {
    expect(() => allows(Routes, 'readSections', null)).toThrow(UnauthorizedException);
  });

  it('should tell a refused reader that their role cannot see it', () => {
    expect(() => allows(Routes, 'readInvitations', 'editor')).toThrow('Your role in this workspace (editor) cannot see this.');
  });

  it("should let a request made with an API token through a workspace's routes as its role allows, and through no other", () => {
    const withToken = (type: Type, method: string, role: Role) =>
      guard.canActivate(routeContext(type, method, { account: { ...signedIn(role, OWN_ID), tokenName: 'CI' }, params: {} }));
    expect(withToken(Routes, 'readSections', 'viewer')).toBe(true);
    expect(() => withToken(Routes, 'writeSections', 'viewer')).toThrow(ForbiddenException);
    expect(withToken(Routes, 'writeSections', 'editor')).toBe(true);
    for (const [type, method] of [
      [Routes, 'makeWorkspace'],
      [Routes, 'switchWorkspace'],
      [SessionRoutes, 'me'],
    ] as const) {
      expect(() => withToken(type, method, 'owner')).toThrow(new UnauthorizedException('Please sign in.'));
    }
  });

  it('should tell a refused writer that their role cannot change it', () => {
    expect(() => allows(Routes, 'writeSections', 'viewer')).toThrow('Your role in this workspace (viewer) cannot change this.');
  });
});
