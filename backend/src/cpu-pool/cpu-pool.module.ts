import { Global, Module } from '@nestjs/common';
import { CpuPool } from './cpu-pool.service';

@Global()
@Module({ providers: [CpuPool], exports: [CpuPool] })
export class CpuPoolModule {}
