import { Module } from '@nestjs/common';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';
import { GoogleAccessService } from './google-access.service';
import { WorkspacesModule } from '../workspaces/workspaces.module';

@Module({
  imports: [WorkspacesModule],
  controllers: [UsersController],
  providers: [UsersService, UsersRepository, GoogleAccessService],
  exports: [UsersService, UsersRepository, GoogleAccessService, WorkspacesModule],
})
export class UsersModule {}
