import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../auth/current-user';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { roundUsd } from '../integrations/openai/prices';
import { HistoryRepository } from './history.repository';
import { spentUsd, totalOf } from './usage';
import { UsageQueryDto, UsageResponse } from './usage.dto';

const day = (date: Date) => date.toISOString().slice(0, 10);

@ApiTags('history')
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
    // A model written both at once and in bulk is one row: its cost is each part at its price.
    const models = new Map<string | null, { model: string | null; prompt_tokens: number; completion_tokens: number; cost_usd: number | null }>();
    for (const part of byModel) {
      const usd = spentUsd(part, prices);
      const sum = models.get(part.model) ?? { model: part.model, prompt_tokens: 0, completion_tokens: 0, cost_usd: 0 };
      sum.prompt_tokens += part.promptTokens;
      sum.completion_tokens += part.completionTokens;
      sum.cost_usd = sum.cost_usd === null || usd === null ? null : sum.cost_usd + usd;
      models.set(part.model, sum);
    }
    const by_model = [...models.values()]
      .map((m) => ({ ...m, cost_usd: m.cost_usd === null ? null : roundUsd(m.cost_usd) }))
      .sort((a, b) => (b.cost_usd ?? -1) - (a.cost_usd ?? -1) || String(a.model).localeCompare(String(b.model)));
    return { from, to, articles, previews, sections, ...totalOf(byModel, prices), by_model };
  }
}
