import { Module } from '@nestjs/common';
import { ConnectionsModule } from '../connections/connections.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { BaseModelsController } from './base-models.controller';
import { BaseModelsService } from './base-models.service';
import { ModelsController } from './models.controller';
import { ModelLineupService } from './model-lineup.service';
import { ModelsRepository } from './models.repository';
import { ModelsService } from './models.service';

@Module({
  imports: [WorkspacesModule, ConnectionsModule],
  controllers: [ModelsController, BaseModelsController],
  providers: [ModelsService, ModelsRepository, BaseModelsService, ModelLineupService],
  exports: [ModelsService, ModelsRepository, ModelLineupService, ConnectionsModule],
})
export class ModelsModule {}
