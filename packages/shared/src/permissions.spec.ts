import { actionOf, atLeast, can, PERMISSIONS, ROLES } from './permissions';

describe('The permission table', () => {
  it('should order the roles viewer < editor < owner', () => {
    expect(atLeast('owner', 'editor')).toBe(true);
    expect(atLeast('editor', 'editor')).toBe(true);
    expect(atLeast('viewer', 'editor')).toBe(false);
    expect(atLeast('editor', 'owner')).toBe(false);
  });

  it('should let everyone read records, editors and owners change them', () => {
    for (const resource of ['sections', 'articles', 'clients', 'models', 'history', 'generation']) {
      expect(ROLES.map((role) => can(role, resource, 'read'))).toEqual([true, true, true]);
      expect(ROLES.map((role) => can(role, resource, 'write'))).toEqual([false, true, true]);
    }
  });

  it('should keep the connections, members and the workspace to owners, invitations and the audit log to their eyes only', () => {
    for (const resource of ['user', 'settings', 'generation/test-notion', 'generation/test-openai', 'members', 'workspaces']) {
      expect(ROLES.map((role) => can(role, resource, 'read'))).toEqual([true, true, true]);
      expect(ROLES.map((role) => can(role, resource, 'write'))).toEqual([false, false, true]);
    }
    for (const resource of ['invitations', 'audit']) {
      expect(ROLES.map((role) => can(role, resource, 'read'))).toEqual([false, false, true]);
    }
  });

  it('should refuse a resource the table does not name, to every role', () => {
    expect(ROLES.some((role) => can(role, 'nothing-here', 'read'))).toBe(false);
    expect(Object.keys(PERMISSIONS)).not.toContain('nothing-here');
  });

  it("should read react-admin's actions as reads and writes", () => {
    expect(['list', 'show', 'export'].map(actionOf)).toEqual(['read', 'read', 'read']);
    expect(['create', 'edit', 'delete', 'clone'].map(actionOf)).toEqual(['write', 'write', 'write', 'write']);
  });
});
