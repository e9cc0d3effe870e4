import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../workspaces/current-user';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { HistoryRepository } from './history.repository';
import { totalOf } from '../integrations/openai/usage';
import { spendBreakdown } from './usage-summary';
import { UsageQueryDto, UsageResponse } from './usage.dto';
import { Access } from '../common/access';

const day = (date: Date) => date.toISOString().slice(0, 10);

@ApiTags('history')
@Access('usage', 'read')
@Controller('usage')
export class UsageController {
  constructor(
    private readonly history: HistoryRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: "Tokens and cost of the operator's articles and previews between two days (default: this calendar month, UTC)" })
  @ApiOkResponse({ type: UsageResponse })
  async usage(@CurrentUser() user: AuthUser, @Query() query: UsageQueryDto): Promise<UsageResponse> {
    const now = new Date();
    const from = query.from ?? day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)));
    const to = query.to ?? day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)));
    const { articles, previews, sections, byModel } = await this.history.usage(user, from, to);
    const prices = this.config.openAiPrices;
    const { by_model, by_vendor } = spendBreakdown(byModel, prices);
    return { from, to, articles, previews, sections, ...totalOf(byModel, prices), by_model, by_vendor };
  }
}
