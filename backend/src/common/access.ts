import { applyDecorators, ExecutionContext, Injectable, OnModuleInit, SetMetadata, Type } from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ApiExtension } from '@nestjs/swagger';
import type { Action, Resource } from '@quire/shared';

/**
 * Who may call a route, declared next to it; the role guard (workspaces/permission.guard.ts), the
 * audit writer (workspaces/audit.interceptor.ts), the OpenAPI document (`x-quire-access` on each
 * operation) and the isolation suite all read this, never the URL.
 *
 * - `workspace`: a member of the current workspace whose role the shared permission table allows
 *   `action` on `resource`; with `self`, also anyone whose own member id is that path parameter.
 * - `anyone`: any member of the current workspace, whatever their role (the service checks the rest).
 * - `outside`: not a workspace's (signing in, the session, health, metrics, the data owners'
 *   backup, Notion's deliveries): no role is checked and nothing is audited.
 */
export type AccessRule = { scope: 'workspace'; resource: Resource; action: Action; self?: string } | { scope: 'anyone' } | { scope: 'outside' };

/**
 * How a write is audited: `skip` for a write that changes nothing kept (a test, an estimate, a
 * preview) or one logged by its service; `settings` for a save of the workspace's settings, logged
 * as an update of `resource` holding only the settings the answer carries.
 */
export type AuditRule = { kind: 'skip' } | { kind: 'settings'; resource: string };

export const ACCESS_METADATA = 'quire:access';
export const AUDIT_METADATA = 'quire:audit';
/** The OpenAPI extension naming each operation's access. */
export const ACCESS_EXTENSION = 'x-quire-access';

function declare(rule: AccessRule): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(ACCESS_METADATA, rule), ApiExtension(ACCESS_EXTENSION, rule));
}

/** A workspace's route: the roles the permission table allows `action` on `resource` may call it. */
export function Access(resource: Resource, action: Action, options: { self?: string } = {}): MethodDecorator & ClassDecorator {
  return declare({ scope: 'workspace', resource, action, ...options });
}

/** Any member of the current workspace may call it, whatever their role. */
export function AnyoneSignedIn(): MethodDecorator & ClassDecorator {
  return declare({ scope: 'anyone' });
}

/** Not a workspace's route: no role to check, nothing to audit. */
export function OutsideWorkspace(): MethodDecorator & ClassDecorator {
  return declare({ scope: 'outside' });
}

/** A write the audit log does not keep. */
export function NotAudited(): MethodDecorator {
  return SetMetadata(AUDIT_METADATA, { kind: 'skip' } satisfies AuditRule);
}

/** A save of the workspace's settings, logged as an update of `resource`. */
export function AuditedAsSettings(resource: string): MethodDecorator {
  return SetMetadata(AUDIT_METADATA, { kind: 'settings', resource } satisfies AuditRule);
}

/** The route's access, the method's declaration over its controller's; undefined when it has none. */
export function accessOf(reflector: Reflector, context: ExecutionContext): AccessRule | undefined {
  return reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_METADATA, [context.getHandler(), context.getClass()]);
}

/** How the route's writes are audited; undefined for an ordinary audited write. */
export function auditOf(reflector: Reflector, context: ExecutionContext): AuditRule | undefined {
  return reflector.getAllAndOverride<AuditRule | undefined>(AUDIT_METADATA, [context.getHandler(), context.getClass()]);
}

/** `Controller.method` of every route of `controller` that declares no access, itself or through its class. */
export function undeclaredRoutes(controller: Type, scanner = new MetadataScanner()): string[] {
  const classRule = Reflect.getMetadata(ACCESS_METADATA, controller) as AccessRule | undefined;
  return scanner
    .getAllMethodNames(controller.prototype)
    .filter((name) => {
      const handler = (controller.prototype as Record<string, unknown>)[name] as object;
      return Reflect.hasMetadata(METHOD_METADATA, handler) && !classRule && !Reflect.hasMetadata(ACCESS_METADATA, handler);
    })
    .map((name) => `${controller.name}.${name}`);
}

/** Refuses to start while a route declares no access: forgetting would refuse it to everyone at run time. */
@Injectable()
export class DeclaredAccessCheck implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  onModuleInit(): void {
    const missing = this.discovery
      .getControllers()
      .map((wrapper) => wrapper.metatype as Type | null)
      .filter((type): type is Type => !!type)
      .flatMap((type) => undeclaredRoutes(type, this.scanner));
    if (missing.length) {
      throw new Error(`These routes declare no access (@Access, @AnyoneSignedIn or @OutsideWorkspace from common/access.ts): ${missing.join(', ')}.`);
    }
  }
}
