import { Module } from '@nestjs/common';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { TokensController } from './tokens.controller';
import { TokensRepository } from './tokens.repository';
import { TokensService } from './tokens.service';

/** Personal API tokens: made and revoked here, read by the authentication middleware (auth/). */
@Module({
  imports: [WorkspacesModule],
  controllers: [TokensController],
  providers: [TokensService, TokensRepository],
  exports: [TokensService],
})
export class TokensModule {}
