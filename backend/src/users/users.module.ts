import { Module } from '@nestjs/common';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';
import { GoogleAccessService } from './google-access.service';

/** The people who sign in and their own Google tokens (a workspace's connection settings are the workspace's). */
@Module({
  providers: [UsersService, UsersRepository, GoogleAccessService],
  exports: [UsersService, UsersRepository, GoogleAccessService],
})
export class UsersModule {}
