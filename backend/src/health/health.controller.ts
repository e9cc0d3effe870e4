import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { DatabaseService } from '../database/database.service';

export interface HealthResponse {
  status: 'ok';
  database: 'pglite' | 'postgres';
}

export interface PublicConfigResponse {
  authMode: AppConfig['authMode'];
  demo: boolean;
  googlePicker: { apiKey: string | null; appId: string | null };
}

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    private readonly database: DatabaseService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('health')
  @ApiOperation({ summary: 'Liveness and database reachability' })
  async health(): Promise<HealthResponse> {
    try {
      await this.database.ping();
    } catch {
      throw new ServiceUnavailableException(`The ${this.database.kind} database does not answer.`);
    }
    return { status: 'ok', database: this.database.kind };
  }

  @Get('config')
  @ApiOperation({ summary: 'Public settings the browser needs before sign-in' })
  publicConfig(): PublicConfigResponse {
    return {
      authMode: this.config.authMode,
      demo: this.config.demo,
      googlePicker: { apiKey: this.config.google.pickerApiKey, appId: this.config.google.appId },
    };
  }
}
