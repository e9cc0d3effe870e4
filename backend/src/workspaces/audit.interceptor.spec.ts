import { Delete, Get, Post, Put, Type } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { lastValueFrom, of, throwError } from 'rxjs';
import { buildService, routeContext, signedIn } from '../../../test/support/unit';
import { Access, AnyoneSignedIn, AuditedAsSettings, NotAudited, OutsideWorkspace } from '../common/access';
import { unchanged } from '../common/unchanged';
import { AuditInterceptor } from './audit.interceptor';
import { AuditRepository } from './audit.repository';

const ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const NEW_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

/** Routes as controllers declare them; the interceptor reads the declaration and the route's path, never the URL. */
class Routes {
  @Post() @Access('sections', 'write') create() {}
  @Put(':id') @Access('sections', 'write') update() {}
  @Delete(':id') @Access('sections', 'write') remove() {}
  @Post(':id/copy') @Access('sections', 'write') copy() {}
  @Post(':id/versions/:version/restore') @Access('sections', 'write') restore() {}
  @Post('models/:id/replace') @Access('models', 'write') replace() {}
  @Post('check-now') @Access('generation', 'write') checkNow() {}
  @Get(':id') @Access('sections', 'read') read() {}
  @Post('estimate') @Access('evaluations', 'write') @NotAudited() estimate() {}
  @Post() @AnyoneSignedIn() @NotAudited() makeWorkspace() {}
  @Put('me/workspace') @OutsideWorkspace() switchWorkspace() {}
  @Post('status-config') @Access('user', 'write') @AuditedAsSettings('settings/status-config') saveStatusConfig() {}
}

describe('AuditInterceptor', () => {
  let sut: AuditInterceptor;
  let audit: jest.Mocked<AuditRepository>;
  const user = signedIn('owner');

  beforeEach(async () => {
    ({ sut, audit } = await buildService(AuditInterceptor, { audit: AuditRepository }, [Reflector]));
    audit.recordAfterAnswer.mockReturnValue(undefined);
  });

  /** Calls `Routes[method]` as `httpMethod` with these path parameters, the route answering `answer`. */
  const call = (method: keyof Routes, httpMethod: string, params: Record<string, string>, answer: unknown, type: Type = Routes) =>
    lastValueFrom(sut.intercept(routeContext(type, method, { method: httpMethod, params, account: user }), { handle: () => of(answer) }));

  it('should record a create with the record answered, under the resource the route declares', async () => {
    const answer = { _id: NEW_ID, name: 'Intro' };
    await call('create', 'POST', {}, answer);
    expect(audit.recordAfterAnswer).toHaveBeenCalledWith(user, 'create', 'sections', NEW_ID, { after: answer });
  });

  it('should record a PUT as an update of its record', async () => {
    const answer = { _id: ID, name: 'Intro' };
    await call('update', 'PUT', { id: ID }, answer);
    expect(audit.recordAfterAnswer).toHaveBeenCalledWith(user, 'update', 'sections', ID, { after: answer });
  });

  it('should record a delete with the record removed as it was', async () => {
    const answer = { _id: ID, name: 'Intro' };
    await call('remove', 'DELETE', { id: ID.toUpperCase() }, answer);
    expect(audit.recordAfterAnswer).toHaveBeenCalledWith(user, 'delete', 'sections', ID, { before: answer });
  });

  it("should name a POST on a record by its route's last word", async () => {
    const answer = { _id: NEW_ID, name: 'Intro (copy)' };
    await call('copy', 'POST', { id: ID }, answer);
    expect(audit.recordAfterAnswer).toHaveBeenCalledWith(user, 'copy', 'sections', NEW_ID, { after: answer });
  });

  it('should name a restore of a version by its last word, not the version', async () => {
    const answer = { _id: ID, name: 'Intro' };
    await call('restore', 'POST', { id: ID, version: '2' }, answer);
    expect(audit.recordAfterAnswer).toHaveBeenCalledWith(user, 'restore', 'sections', ID, { after: answer });
  });

  it('should log a route under its declared resource whatever its path', async () => {
    const answer = { _id: ID, name: 'New voice' };
    await call('replace', 'POST', { id: ID }, answer);
    expect(audit.recordAfterAnswer).toHaveBeenCalledWith(user, 'replace', 'models', ID, { after: answer });
  });

  it('should keep only the action of a write whose answer names no record', async () => {
    await call('checkNow', 'POST', {}, { checked: true });
    expect(audit.recordAfterAnswer).toHaveBeenCalledWith(user, 'check-now', 'generation', null, { after: null });
  });

  it("should record a settings save as an update of the declared settings, without the person's details", async () => {
    const statusConfig = { propertyName: 'Status' };
    await call('saveStatusConfig', 'POST', {}, { name: 'Ada', avatar: null, statusConfig });
    expect(audit.recordAfterAnswer).toHaveBeenCalledWith(user, 'update', 'settings/status-config', 'workspace-1', { after: { statusConfig } });
  });

  it('should record nothing for a read', async () => {
    await call('read', 'GET', { id: ID }, { _id: ID });
    expect(audit.recordAfterAnswer).not.toHaveBeenCalled();
  });

  it('should record nothing for a write declared @NotAudited', async () => {
    await call('estimate', 'POST', {}, { tokens: 10 });
    expect(audit.recordAfterAnswer).not.toHaveBeenCalled();
  });

  it('should record nothing for a new workspace, which its service logs inside it', async () => {
    await call('makeWorkspace', 'POST', {}, { _id: NEW_ID, name: 'Second' });
    expect(audit.recordAfterAnswer).not.toHaveBeenCalled();
  });

  it('should record nothing for a write outside the workspaces', async () => {
    await call('switchWorkspace', 'PUT', {}, { workspace: { id: NEW_ID } });
    expect(audit.recordAfterAnswer).not.toHaveBeenCalled();
  });

  it('should record nothing for a write that left its record as it was', async () => {
    await call('update', 'PUT', { id: ID }, unchanged({ _id: ID, name: 'Intro' }));
    expect(audit.recordAfterAnswer).not.toHaveBeenCalled();
  });

  it('should record nothing for a write that fails, and pass its error on', async () => {
    const failure = new Error('refused');
    const context = routeContext(Routes, 'update', { method: 'PUT', params: { id: ID }, account: user });
    await expect(lastValueFrom(sut.intercept(context, { handle: () => throwError(() => failure) }))).rejects.toBe(failure);
    expect(audit.recordAfterAnswer).not.toHaveBeenCalled();
  });

  it('should record nothing without a signed-in member', async () => {
    const context = routeContext(Routes, 'create', { method: 'POST', params: {} });
    await lastValueFrom(sut.intercept(context, { handle: () => of({ _id: NEW_ID }) }));
    expect(audit.recordAfterAnswer).not.toHaveBeenCalled();
  });
});
