import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { Observable, tap } from 'rxjs';
import { accessOf, auditOf } from '../common/access';
import { isUnchanged } from '../common/unchanged';
import { AuditRepository } from './audit.repository';

type Json = Record<string, unknown>;
const asRecord = (value: unknown): Json | null => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null);

/**
 * What a write did, as the log names it: delete, update (a PUT, or a save of the settings), the verb
 * of a POST on a record (copy, restore, retry, …), create (a POST answering a new record), or the
 * verb of any other POST (check-now).
 */
function actionOf(method: string, path: string, id: string | null, answered: string | null): string {
  if (method === 'DELETE') return 'delete';
  if (method === 'PUT' || method === 'PATCH') return 'update';
  const verb = path.split('/').filter(Boolean).pop() ?? '';
  if (id) return verb.startsWith(':') ? 'update' : verb;
  return answered || verb === '' ? 'create' : verb;
}

/**
 * The audit log's writer: every write of a workspace's route (common/access.ts) by a signed-in
 * member — each create, update and delete, every membership, invitation and settings change —
 * unless the route is declared @NotAudited; the resource logged is the one the route declares.
 * One insert once the write has been answered (AuditRepository.recordAfterAnswer), holding the
 * record as the API answered it (for a delete, the record removed); the fields before are the
 * previous event's, worked out when the log is read (AuditRepository.list). A write that fails records nothing, nor one whose
 * service answered that it left the record as it was (`unchanged`, common/unchanged.ts).
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(
    private readonly audit: AuditRepository,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const access = accessOf(this.reflector, context);
    const audit = auditOf(this.reflector, context);
    const req = context.switchToHttp().getRequest<Request>();
    const user = req.account;
    if (!user || access?.scope !== 'workspace' || access.action !== 'write' || audit?.kind === 'skip') return next.handle();
    const resource = access.resource;
    const path = String(Reflect.getMetadata(PATH_METADATA, context.getHandler()) ?? '').replace(/^\/+|\/+$/g, '');
    const id = typeof req.params.id === 'string' ? req.params.id.toLowerCase() : null;
    return next.handle().pipe(
      tap((result) => {
        if (isUnchanged(result)) return;
        if (audit?.kind === 'settings') this.logSettings(req, audit.resource, result);
        else this.log(req, resource, path, id, result);
      }),
    );
  }

  /** The workspace's settings, without the person's name and picture the answer carries beside them. */
  private logSettings(req: Request, resource: string, result: unknown): void {
    const user = req.account!;
    const { envVars, statusConfig } = asRecord(result) ?? {};
    this.audit.recordAfterAnswer(user, 'update', resource, user.workspaceId, {
      after: { ...(envVars ? { envVars } : {}), ...(statusConfig ? { statusConfig } : {}) },
    });
  }

  private log(req: Request, resource: string, path: string, id: string | null, result: unknown): void {
    const user = req.account!;
    const answer = asRecord(result);
    const answered = answer && '_id' in answer ? String(answer._id) : null;
    const action = actionOf(req.method, path, id, answered);
    if (action === 'delete') {
      this.audit.recordAfterAnswer(user, action, resource, id ?? answered, { before: answer });
      return;
    }
    // The answer is the record when it names it (an update, a create, a restore); else only the action is kept.
    this.audit.recordAfterAnswer(user, action, resource, answered ?? id, { after: answered ? answer : null });
  }
}
