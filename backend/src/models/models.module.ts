import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { BaseModelsController } from './base-models.controller';
import { BaseModelsService } from './base-models.service';
import { ModelsController } from './models.controller';
import { ModelLineupService } from './model-lineup.service';
import { ModelsRepository } from './models.repository';
import { ModelsService } from './models.service';

@Module({
  imports: [UsersModule],
  controllers: [ModelsController, BaseModelsController],
  providers: [ModelsService, ModelsRepository, BaseModelsService, ModelLineupService],
  exports: [ModelsService, ModelsRepository, ModelLineupService],
})
export class ModelsModule {}
