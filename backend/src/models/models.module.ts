import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { BaseModelsController } from './base-models.controller';
import { BaseModelsService } from './base-models.service';
import { ModelsController } from './models.controller';
import { ModelsRepository } from './models.repository';
import { ModelsService } from './models.service';

@Module({
  imports: [UsersModule],
  controllers: [ModelsController, BaseModelsController],
  providers: [ModelsService, ModelsRepository, BaseModelsService],
  exports: [ModelsService, ModelsRepository],
})
export class ModelsModule {}
