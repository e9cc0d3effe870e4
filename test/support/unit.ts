import { Provider, Type } from '@nestjs/common';
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
