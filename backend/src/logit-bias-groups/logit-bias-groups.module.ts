import { Module } from '@nestjs/common';
import { LogitBiasGroupsController } from './logit-bias-groups.controller';
import { LogitBiasGroupsRepository } from './logit-bias-groups.repository';
import { LogitBiasGroupsService } from './logit-bias-groups.service';

@Module({
  controllers: [LogitBiasGroupsController],
  providers: [LogitBiasGroupsService, LogitBiasGroupsRepository],
  exports: [LogitBiasGroupsService, LogitBiasGroupsRepository],
})
export class LogitBiasGroupsModule {}
