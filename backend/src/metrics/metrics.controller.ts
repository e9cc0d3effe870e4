import { Controller, Get, Headers, Inject, NotFoundException, Res, UnauthorizedException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { bearerToken, sameSecret } from '../common/same-secret';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { Metrics } from './metrics';
import { OutsideWorkspace } from '../common/access';

/**
 * GET /api/metrics for Prometheus: off (404) unless METRICS_TOKEN is set, and then only for
 * `Authorization: Bearer <METRICS_TOKEN>` (no session: the auth middleware lets it through only
 * when a token is set). Left out of the OpenAPI document, which describes the dashboard's API.
 */
@ApiExcludeController()
@OutsideWorkspace()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async scrape(@Headers('authorization') authorization: string | undefined, @Res() res: Response): Promise<void> {
    const token = this.config.metricsToken;
    if (!token) throw new NotFoundException('Cannot GET /api/metrics');
    const offered = bearerToken(authorization);
    if (!offered || !sameSecret(offered, token)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="quire-metrics"');
      throw new UnauthorizedException('GET /api/metrics needs Authorization: Bearer with the METRICS_TOKEN.');
    }
    res.setHeader('Content-Type', this.metrics.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.send(await this.metrics.text());
  }
}
