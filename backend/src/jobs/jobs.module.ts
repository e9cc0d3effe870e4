import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { DeclaredJobs } from './declared-jobs';
import { JobsService } from './jobs.service';

@Global()
@Module({ imports: [DiscoveryModule], providers: [JobsService, DeclaredJobs], exports: [JobsService] })
export class JobsModule {}
