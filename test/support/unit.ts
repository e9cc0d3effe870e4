import { Provider, Type } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { Request } from 'express';
import type { Role } from '@quire/shared';
import type { AuthUser } from '../../backend/src/workspaces/current-user';
import { Test } from '@nestjs/testing';
import type { AppConfig } from '../../backend/src/config/config';
import type { DatabaseService } from '../../backend/src/database/database.service';
import { Metrics } from '../../backend/src/metrics/metrics';

/**
 * A strict auto-mock of a class (as immich's unit tests build repositories): every method is a
 * jest mock that throws until the test gives it a behaviour, so a call the test did not expect fails.
 */
export function automock<T>(type: Type<T>): jest.Mocked<T> {
  const mock: Record<string, jest.Mock> = {};
  for (let proto = type.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, name);
      if (name === 'constructor' || name in mock || typeof descriptor?.value !== 'function') continue;
      mock[name] = jest.fn(() => {
        throw new Error(`${type.name}.${name} was called but not mocked`);
      });
    }
  }
  return mock as unknown as jest.Mocked<T>;
}

/**
 * A strict mock of a port (an interface provided under an injection token, so there is no class to
 * read the methods from): each method named throws until the test gives it a behaviour.
 */
export function portMock<T>(name: string, methods: readonly (keyof T & string)[]): jest.Mocked<T> {
  return Object.fromEntries(
    methods.map((method) => [
      method,
      jest.fn(() => {
        throw new Error(`${name}.${method} was called but not mocked`);
      }),
    ]),
  ) as unknown as jest.Mocked<T>;
}

export type Mocks<T extends Record<string, Type>> = { [K in keyof T]: jest.Mocked<InstanceType<T[K]>> };

/**
 * Builds `service` through a Nest testing module, each collaborator in `types` replaced by a
 * strict mock; answers the service (`sut`) and the mocks by the same keys. `extra` provides the rest
 * (configuration, real helpers).
 */
export async function buildService<S, T extends Record<string, Type>>(service: Type<S>, types: T, extra: Provider[] = []): Promise<{ sut: S } & Mocks<T>> {
  const mocked = Object.fromEntries(Object.entries(types).map(([key, type]) => [key, automock(type)])) as Mocks<T>;
  const module = await Test.createTestingModule({
    // Metrics are real (counters in memory) unless a test mocks them: any service may report to them.
    providers: [service, quietMetrics(), ...Object.entries(types).map(([key, type]) => ({ provide: type, useValue: mocked[key] })), ...extra],
  }).compile();
  return { sut: module.get(service), ...mocked };
}

/** A real Metrics of its own, with nothing to scrape it (no METRICS_TOKEN) and no database to read queues from. */
export function quietMetrics(): Provider {
  return { provide: Metrics, useFactory: () => new Metrics({ metricsToken: null } as AppConfig, {} as DatabaseService) };
}

/** A signed-in member with `role` in workspace `workspace-1`, as the auth middleware sets `req.account`. */
export function signedIn(role: Role, id = '11111111-1111-4111-8111-111111111111'): AuthUser {
  return { id, userId: id, name: 'Ada', email: 'ada@example.com', avatar: null, workspaceId: 'workspace-1', workspaceName: 'Ada', role };
}

/** The context a guard or interceptor sees for an HTTP call of `controller.method` with this request. */
export function routeContext(controller: Type, method: string, req: Partial<Request>): ExecutionContextHost {
  const handler = (controller.prototype as Record<string, (...args: unknown[]) => unknown>)[method];
  return new ExecutionContextHost([{ params: {}, ...req }, {}, () => undefined], controller, handler);
}
