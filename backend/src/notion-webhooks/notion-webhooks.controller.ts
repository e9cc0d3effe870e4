import { Body, Controller, Get, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { AuthUser, CurrentUser } from '../workspaces/current-user';
import { ApiErrors } from '../common/api-docs';
import { NotionWebhooksService } from './notion-webhooks.service';
import { Access, OutsideWorkspace } from '../common/access';

export class NotionWebhookResponse {
  @ApiProperty({ description: "The address to paste into the Notion integration's Webhooks tab" })
  url!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "The token Notion sent to verify the subscription, to paste into Notion's Verify dialog (owners only)",
  })
  verification_token!: string | null;

  @ApiProperty({ description: 'Whether Notion has sent the verification token' })
  verification_received!: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the first signed delivery checked out' })
  verified_at!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'The last signed delivery' })
  last_delivery_at!: string | null;
}

export class WebhookAnswer {
  @ApiProperty({ enum: [true] })
  ok!: true;
}

/** A request with the body as it came, kept by the JSON parser for this path only (app.setup.ts). */
type WithRawBody = Request & { rawBody?: Buffer };

@ApiTags('generation')
@Controller()
export class NotionWebhooksController {
  constructor(private readonly webhooks: NotionWebhooksService) {}

  @Get('notion-webhook')
  @Access('notion-webhook', 'read')
  @ApiOperation({ summary: "The workspace's Notion webhook: its address, and whether Notion has verified it and delivers" })
  @ApiOkResponse({ type: NotionWebhookResponse })
  state(@CurrentUser() user: AuthUser): Promise<NotionWebhookResponse> {
    return this.webhooks.state(user);
  }

  @Post('notion-webhook/reset')
  @Access('notion-webhook', 'write')
  @HttpCode(200)
  @ApiOperation({ summary: "Forget the subscription's verification token, to connect a new Notion subscription (owners)" })
  @ApiOkResponse({ type: NotionWebhookResponse })
  reset(@CurrentUser() user: AuthUser): Promise<NotionWebhookResponse> {
    return this.webhooks.reset(user);
  }

  @Post('webhooks/notion/:token')
  @OutsideWorkspace()
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Notion's webhook deliveries (no session): the first holds the subscription's verification token; every later one must carry X-Notion-Signature over the raw body",
  })
  @ApiBody({ schema: { type: 'object', additionalProperties: true, description: 'A Notion webhook event, or { verification_token }' } })
  @ApiOkResponse({ type: WebhookAnswer })
  @ApiErrors(401, 409)
  async receive(
    @Param('token') token: string,
    @Req() req: WithRawBody,
    @Headers('x-notion-signature') signature: string | undefined,
    @Body() body: unknown,
  ): Promise<WebhookAnswer> {
    await this.webhooks.receive(token, req.rawBody, signature, body);
    return { ok: true };
  }
}
