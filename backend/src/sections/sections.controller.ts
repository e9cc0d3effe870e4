import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AuthUser, CurrentUser } from '../auth/current-user';
import { ApiList } from '../common/api-docs';
import { IdParamPipe } from '../common/id-param';
import { assertSameRecord } from '../common/validation';
import { ListQuery, ListQueryPipe, sendPage } from '../common/list-query';
import { SectionDto, SectionResponse, UpdateSectionDto } from './sections.dto';
import { SECTION_FILTERABLE, SECTION_SORTABLE } from './sections.repository';
import { SectionsService } from './sections.service';

const sectionId = new IdParamPipe('Section not found.');
const LIST = { sortable: SECTION_SORTABLE, filterable: SECTION_FILTERABLE };

@ApiTags('sections')
@Controller('sections')
export class SectionsController {
  constructor(private readonly sections: SectionsService) {}

  @Get()
  @ApiOperation({ summary: 'Your prompt sections' })
  @ApiList(SectionResponse, 'sections', LIST)
  async list(
    @CurrentUser() user: AuthUser,
    @Query(new ListQueryPipe(LIST)) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SectionResponse[]> {
    return sendPage(res, 'sections', await this.sections.list(user.id, query));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One section' })
  @ApiOkResponse({ type: SectionResponse })
  get(@CurrentUser() user: AuthUser, @Param('id', sectionId) id: string): Promise<SectionResponse> {
    return this.sections.get(user.id, id);
  }

  @Post()
  @ApiOperation({ summary: 'Create a section (its model and bias list must be yours)' })
  @ApiCreatedResponse({ type: SectionResponse })
  create(@CurrentUser() user: AuthUser, @Body() body: SectionDto): Promise<SectionResponse> {
    return this.sections.create(user.id, body);
  }

  @Post(':id/copy')
  @ApiOperation({ summary: 'Duplicate a section under the next free " (n)" name' })
  @ApiCreatedResponse({ type: SectionResponse })
  copy(@CurrentUser() user: AuthUser, @Param('id', sectionId) id: string): Promise<SectionResponse> {
    return this.sections.copy(user.id, id);
  }

  @Put(':id')
  @ApiOperation({ summary: "Replace a section's fields (the record's own read-only fields may come along and are ignored)" })
  @ApiOkResponse({ type: SectionResponse })
  update(@CurrentUser() user: AuthUser, @Param('id', sectionId) id: string, @Body() body: UpdateSectionDto): Promise<SectionResponse> {
    assertSameRecord(id, body);
    return this.sections.update(user.id, id, body);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a section (articles keep their snapshots of it)' })
  @ApiOkResponse({ type: SectionResponse, description: 'The deleted section' })
  remove(@CurrentUser() user: AuthUser, @Param('id', sectionId) id: string): Promise<SectionResponse> {
    return this.sections.remove(user.id, id);
  }
}
