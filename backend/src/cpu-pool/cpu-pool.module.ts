import { Global, Module } from '@nestjs/common';
import { EMBEDDING_PLANNER, EmbeddingPlanner } from '../integrations/openai/embedding-planner';
import { CpuPool } from './cpu-pool.service';

@Global()
@Module({
  providers: [
    CpuPool,
    {
      provide: EMBEDDING_PLANNER,
      useFactory: (cpu: CpuPool): EmbeddingPlanner => ({ plan: (input) => cpu.run('embeddingBatches', input) }),
      inject: [CpuPool],
    },
  ],
  exports: [CpuPool, EMBEDDING_PLANNER],
})
export class CpuPoolModule {}
