import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Controller, Get, Post, Type } from '@nestjs/common';
import { CONTROLLER_WATERMARK } from '@nestjs/common/constants';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { Access, DeclaredAccessCheck, OutsideWorkspace, undeclaredRoutes } from './access';

@Controller('declared')
class DeclaredController {
  @Get() @Access('sections', 'read') list() {}
  @Post() @Access('sections', 'write') create() {}
  /** Not a route: needs no declaration. */
  helper() {}
}

@OutsideWorkspace()
@Controller('outside')
class OutsideController {
  @Get() status() {}
}

@Controller('forgotten')
class ForgottenController {
  @Get() @Access('sections', 'read') list() {}
  @Post() create() {}
}

async function start(...controllers: Type[]): Promise<void> {
  const module = await Test.createTestingModule({ imports: [DiscoveryModule], controllers, providers: [DeclaredAccessCheck] }).compile();
  await module.init();
  await module.close();
}

/** Every controller class the backend's *.controller.ts files export. */
async function backendControllers(): Promise<Type[]> {
  const root = join(__dirname, '..');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.controller.ts'));
  const modules = await Promise.all(files.map((file) => import(join(root, file)) as Promise<Record<string, unknown>>));
  return modules.flatMap((exports) =>
    Object.values(exports).filter((value): value is Type => typeof value === 'function' && Reflect.getMetadata(CONTROLLER_WATERMARK, value) === true),
  );
}

describe('Declared access', () => {
  it('should start when every route declares its access, itself or through its controller', async () => {
    await expect(start(DeclaredController, OutsideController)).resolves.toBeUndefined();
  });

  it('should refuse to start while a route declares no access, naming its controller and method', async () => {
    await expect(start(DeclaredController, ForgottenController)).rejects.toThrow(/declare no access .*: ForgottenController\.create\./);
  });

  it("should find every route of the backend's controllers declared", async () => {
    const controllers = await backendControllers();
    expect(controllers.length).toBeGreaterThan(20);
    expect(controllers.flatMap((controller) => undeclaredRoutes(controller))).toEqual([]);
  });
});
