import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { ModelsController } from './models.controller';
import { ModelsRepository } from './models.repository';
import { ModelsService } from './models.service';

@Module({
  imports: [UsersModule],
  controllers: [ModelsController],
  providers: [ModelsService, ModelsRepository],
  exports: [ModelsService, ModelsRepository],
})
export class ModelsModule {}
