import { Body, Controller, Get, NotFoundException, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AuthUser, CurrentUser } from '../workspaces/current-user';
import { ApiErrors, ApiList } from '../common/api-docs';
import { IdParamPipe } from '../common/id-param';
import { ListQuery, ListQueryPipe, sendPage } from '../common/list-query';
import { PreviewEvents, SectionEvent } from './preview-events';
import { CreatePreviewDto, PreviewResponse } from './previews.dto';
import { PREVIEW_FILTERABLE, PREVIEW_SORTABLE } from './previews.repository';
import { PreviewsService } from './previews.service';
import { Access } from '../common/access';

const LIST = { sortable: PREVIEW_SORTABLE, filterable: PREVIEW_FILTERABLE };
const previewId = new IdParamPipe('Preview not found.');
/** A stream looks at the database at least this often (a preview another server process writes). */
const POLL_MS = 1000;
/** A comment line this often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

const EVENTS_DESCRIPTION = [
  'Server-sent events until the preview has completed or failed, then the stream ends:',
  '`event: status` with the whole preview as GET /api/previews/{id} answers it (first on connecting, then whenever its status changes, last when it ends);',
  '`event: section` with `{variant, position, heading, content, model, prompt_tokens, completion_tokens, cost_usd, duration_ms}` as each section is written.',
].join(' ');

@ApiTags('previews')
@Controller('previews')
export class PreviewsController {
  constructor(
    private readonly previews: PreviewsService,
    private readonly events: PreviewEvents,
  ) {}

  @Post()
  @Access('previews', 'write')
  @ApiOperation({
    summary:
      'Run an article template (or one section) on given values, once per model asked for, as a background job: nothing is written to Notion or Drive. Answers at once; a template problem (an unknown placeholder, a deleted model) is a 400 before anything runs',
  })
  @ApiCreatedResponse({ type: PreviewResponse, description: 'The preview, queued' })
  @ApiErrors(409)
  create(@CurrentUser() user: AuthUser, @Body() body: CreatePreviewDto): Promise<PreviewResponse> {
    return this.previews.create(user, body);
  }

  @Get()
  @Access('previews', 'read')
  @ApiOperation({ summary: 'Your previews, newest first' })
  @ApiList(PreviewResponse, 'previews', LIST)
  async list(
    @CurrentUser() user: AuthUser,
    @Query(new ListQueryPipe(LIST)) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PreviewResponse[]> {
    return sendPage(res, 'previews', await this.previews.list(user, query));
  }

  @Get(':id')
  @Access('previews', 'read')
  @ApiOperation({ summary: 'One preview: its variants and the sections written so far, with tokens and cost' })
  @ApiOkResponse({ type: PreviewResponse })
  get(@CurrentUser() user: AuthUser, @Param('id', previewId) id: string): Promise<PreviewResponse> {
    return this.previews.get(user, id);
  }

  @Get(':id/events')
  @Access('previews', 'read')
  @ApiOperation({ summary: 'The preview as it is written, as server-sent events' })
  @ApiProduces('text/event-stream')
  @ApiOkResponse({
    description: EVENTS_DESCRIPTION,
    content: {
      'text/event-stream': {
        schema: { type: 'string' },
        example: 'event: status\ndata: {"_id":"…","status":"running",…}\n\nevent: section\ndata: {"variant":0,"position":0,"heading":"Introduction",…}\n\n',
      },
    },
  })
  async stream(@CurrentUser() user: AuthUser, @Param('id', previewId) id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    // Sections written by this process arrive with their event; anything else (a status, another
    // process's work) is read. Listening first, so a section written while the preview is read is not missed.
    const arrived: SectionEvent[] = [];
    let mustRead = false;
    let wake: () => void = () => undefined;
    const unsubscribe = this.events.subscribe(id, (change) => {
      if (change.section) arrived.push(change.section);
      else mustRead = true;
      wake();
    });
    let preview = await this.previews.find(user, id).catch((error: unknown) => {
      unsubscribe();
      throw error;
    });
    if (!preview) {
      unsubscribe();
      throw new NotFoundException('Preview not found.');
    }
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    let wrote = Date.now();
    const send = (event: string, data: unknown) => {
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      wrote = Date.now();
    };
    let closed = false;
    req.on('close', () => {
      closed = true;
      wake();
    });
    try {
      send('status', preview);
      const seen = preview.variants.map((v) => new Set(v.sections.map((s) => s.position)));
      const sendSection = (section: SectionEvent) => {
        if (seen[section.variant]?.has(section.position) !== false) return;
        seen[section.variant].add(section.position);
        send('section', section);
      };
      let status = preview.status;
      while (!closed && status !== 'completed' && status !== 'failed') {
        if (arrived.length === 0 && !mustRead) {
          const timedOut = await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(true), POLL_MS);
            wake = () => {
              clearTimeout(timer);
              resolve(false);
            };
          });
          wake = () => undefined;
          if (timedOut) mustRead = true;
        }
        if (closed) break;
        for (const section of arrived.splice(0)) sendSection(section);
        if (!mustRead) continue;
        mustRead = false;
        preview = await this.previews.find(user, id);
        if (!preview) break;
        for (const [variant, { sections }] of preview.variants.entries()) for (const section of sections) sendSection({ variant, ...section });
        if (preview.status !== status) {
          status = preview.status;
          send('status', preview);
        } else if (Date.now() - wrote > KEEP_ALIVE_MS) {
          res.write(': keep-alive\n\n');
          wrote = Date.now();
        }
      }
    } finally {
      unsubscribe();
      res.end();
    }
  }
}
