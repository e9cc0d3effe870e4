import { DynamicModule, Module, Provider } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { AppConfig } from '../config/config';
import { UsersModule } from '../users/users.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { TokensModule } from '../tokens/tokens.module';
import { AUTH_REQUESTS_PER_MINUTE, AuthController } from './auth.controller';
import { AuthMiddleware } from './auth.middleware';
import { AuthService } from './auth.service';
import { GoogleStrategy } from './google.strategy';
import { SessionController } from './session.controller';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';

@Module({})
export class AuthModule {
  static forRoot(config: AppConfig): DynamicModule {
    const providers: Provider[] = [AuthService, SessionsService, SessionsRepository, AuthMiddleware];
    if (config.authMode === 'google') providers.push(GoogleStrategy);
    return {
      module: AuthModule,
      imports: [UsersModule, WorkspacesModule, TokensModule, ThrottlerModule.forRoot([{ ttl: 60_000, limit: AUTH_REQUESTS_PER_MINUTE }])],
      controllers: [AuthController, SessionController],
      providers,
      exports: [AuthMiddleware, SessionsService],
    };
  }
}
