import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../auth/current-user';
import { IdParamPipe } from '../common/id-param';
import { ListQuery, ListQueryPipe, sendPage } from '../common/list-query';
import { UserRow } from '../users/users.schema';
import { SectionDto, SectionResponse } from './sections.dto';
import { SECTION_FILTERABLE, SECTION_SORTABLE } from './sections.repository';
import { SectionsService } from './sections.service';

const sectionId = new IdParamPipe('Section not found.');

@ApiTags('sections')
@Controller('sections')
export class SectionsController {
  constructor(private readonly sections: SectionsService) {}

  @Get()
  async list(
    @CurrentUser() user: UserRow,
    @Query(new ListQueryPipe({ sortable: SECTION_SORTABLE, filterable: SECTION_FILTERABLE })) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SectionResponse[]> {
    return sendPage(res, 'sections', await this.sections.list(user.id, query));
  }

  @Get(':id')
  get(@CurrentUser() user: UserRow, @Param('id', sectionId) id: string): Promise<SectionResponse> {
    return this.sections.get(user.id, id);
  }

  @Post()
  create(@CurrentUser() user: UserRow, @Body() body: SectionDto): Promise<SectionResponse> {
    return this.sections.create(user.id, body);
  }

  @Post(':id/copy')
  @ApiOperation({ summary: 'Duplicate a section under the next free " (n)" name' })
  copy(@CurrentUser() user: UserRow, @Param('id', sectionId) id: string): Promise<SectionResponse> {
    return this.sections.copy(user.id, id);
  }

  @Put(':id')
  update(@CurrentUser() user: UserRow, @Param('id', sectionId) id: string, @Body() body: SectionDto): Promise<SectionResponse> {
    return this.sections.update(user.id, id, body);
  }

  @Delete(':id')
  remove(@CurrentUser() user: UserRow, @Param('id', sectionId) id: string): Promise<SectionResponse> {
    return this.sections.remove(user.id, id);
  }
}
