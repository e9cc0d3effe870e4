import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import type { Request } from 'express';
import { Observable, tap } from 'rxjs';
import { isUnchanged } from '../common/unchanged';
import { AuditRepository } from './audit.repository';
import { resourceOf } from './permission.guard';

/** Writes that change nothing kept: trying a connection, estimating, previewing, signing in or out, switching workspace. */
const NOT_CHANGES = new Set(['test-notion', 'test-openai', 'estimate', 'preview', 'logout', 'auth', 'me', 'backup']);
/** One record per workspace, saved by a POST to its path: the connection settings and the status configuration. */
const SETTINGS = 'user';

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
 * The audit log's writer (issue 28): every create, update and delete through the API, every
 * membership, invitation and settings change, by a signed-in member. One insert once the write
 * has been answered (AuditRepository.recordAfterAnswer), holding the record as the API answered it
 * (for a delete, the record removed); the fields before are the previous event's, worked out when
 * the log is read (AuditRepository.list). A write that fails records nothing, nor one whose
 * service answered that it left the record as it was (`unchanged`, common/unchanged.ts).
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(private readonly audit: AuditRepository) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    const user = req.account;
    const segment = resourceOf(req.originalUrl);
    if (!user || ['GET', 'HEAD', 'OPTIONS'].includes(req.method) || NOT_CHANGES.has(segment)) return next.handle();
    const path = String(Reflect.getMetadata(PATH_METADATA, context.getHandler()) ?? '').replace(/^\/+|\/+$/g, '');
    if (NOT_CHANGES.has(path.split('/').pop() ?? '')) return next.handle();
    const id = typeof req.params.id === 'string' ? req.params.id.toLowerCase() : null;
    // A new workspace is logged inside itself, by WorkspacesService.
    if (segment === 'workspaces' && !id) return next.handle();
    return next.handle().pipe(
      tap((result) => {
        if (!isUnchanged(result)) this.log(req, path, id, result);
      }),
    );
  }

  private log(req: Request, path: string, id: string | null, result: unknown): void {
    const user = req.account!;
    const answer = asRecord(result);
    const segment = resourceOf(req.originalUrl);
    if (segment === SETTINGS) {
      // The workspace's settings, without the person's name and picture the answer carries beside them.
      const { envVars, statusConfig } = answer ?? {};
      const resource = path ? `settings/${path}` : 'settings';
      this.audit.recordAfterAnswer(user, 'update', resource, user.workspaceId, {
        after: { ...(envVars ? { envVars } : {}), ...(statusConfig ? { statusConfig } : {}) },
      });
      return;
    }
    const answered = answer && '_id' in answer ? String(answer._id) : null;
    const action = actionOf(req.method, path, id, answered);
    if (action === 'delete') {
      this.audit.recordAfterAnswer(user, action, segment, id ?? answered, { before: answer });
      return;
    }
    // The answer is the record when it names it (an update, a create, a restore); else only the action is kept.
    this.audit.recordAfterAnswer(user, action, segment, answered ?? id, { after: answered ? answer : null });
  }
}
