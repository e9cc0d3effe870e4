import { Global, Module } from '@nestjs/common';
import { PaceRepository } from './pace.repository';
import { SharedPace } from './shared-pace.service';

/** The pace of each outside secret, shared through the database by every server process. */
@Global()
@Module({ providers: [PaceRepository, SharedPace], exports: [SharedPace] })
export class PaceModule {}
