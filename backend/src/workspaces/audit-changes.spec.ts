import { auditChanges } from './audit-changes';

describe('auditChanges', () => {
  it('should name only the fields that differ, leaving out ids, versions and update times', () => {
    const before = { _id: 'a', id: 'a', name: 'First', temperature: 0.7, version: 1, updated_at: '2026-01-01', tags: ['x'] };
    const after = { _id: 'a', id: 'a', name: 'Second', temperature: 0.7, version: 2, updated_at: '2026-01-02', tags: ['x', 'y'] };
    expect(auditChanges(before, after)).toEqual({ name: { before: 'First', after: 'Second' }, tags: { before: ['x'], after: ['x', 'y'] } });
  });

  it('should show a create as its fields after and a delete as its fields before', () => {
    expect(auditChanges(null, { _id: 'a', name: 'New' })).toEqual({ name: { before: null, after: 'New' } });
    expect(auditChanges({ _id: 'a', name: 'Gone' }, null)).toEqual({ name: { before: 'Gone', after: null } });
  });

  it('should compare nested values by content, and treat a missing field as null', () => {
    expect(auditChanges({ envVars: { KEY: 'sk-…1234' } }, { envVars: { KEY: 'sk-…1234' } })).toEqual({});
    expect(auditChanges({ notes: null }, {})).toEqual({});
    expect(auditChanges({}, { notes: 'x' })).toEqual({ notes: { before: null, after: 'x' } });
  });
});
