import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AuthUser, CurrentUser } from '../workspaces/current-user';
import { ApiErrors, ApiList } from '../common/api-docs';
import { IdParamPipe } from '../common/id-param';
import { VersionParamPipe } from '../common/version-param';
import { assertSameRecord } from '../common/validation';
import { ListQuery, ListQueryPipe, sendPage } from '../common/list-query';
import { SectionDto, SectionResponse, SectionVersionResponse, UpdateSectionDto } from './sections.dto';
import { SECTION_FILTERABLE, SECTION_SORTABLE } from './sections.repository';
import { SectionsService } from './sections.service';
import { Access } from '../common/access';

const sectionId = new IdParamPipe('Section not found.');
const versionNumber = new VersionParamPipe('Version not found.');
const LIST = { sortable: SECTION_SORTABLE, filterable: SECTION_FILTERABLE };

@ApiTags('sections')
@Controller('sections')
export class SectionsController {
  constructor(private readonly sections: SectionsService) {}

  @Get()
  @Access('sections', 'read')
  @ApiOperation({ summary: 'Your prompt sections' })
  @ApiList(SectionResponse, 'sections', LIST)
  async list(
    @CurrentUser() user: AuthUser,
    @Query(new ListQueryPipe(LIST)) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SectionResponse[]> {
    return sendPage(res, 'sections', await this.sections.list(user, query));
  }

  @Get(':id')
  @Access('sections', 'read')
  @ApiOperation({ summary: 'One section' })
  @ApiOkResponse({ type: SectionResponse })
  get(@CurrentUser() user: AuthUser, @Param('id', sectionId) id: string): Promise<SectionResponse> {
    return this.sections.get(user, id);
  }

  @Post()
  @Access('sections', 'write')
  @ApiOperation({ summary: 'Create a section (its model and bias list must be yours)' })
  @ApiCreatedResponse({ type: SectionResponse })
  create(@CurrentUser() user: AuthUser, @Body() body: SectionDto): Promise<SectionResponse> {
    return this.sections.create(user, body);
  }

  @Post(':id/copy')
  @Access('sections', 'write')
  @ApiOperation({ summary: 'Duplicate a section under the next free " (n)" name' })
  @ApiCreatedResponse({ type: SectionResponse })
  copy(@CurrentUser() user: AuthUser, @Param('id', sectionId) id: string): Promise<SectionResponse> {
    return this.sections.copy(user, id);
  }

  @Get(':id/versions')
  @Access('sections', 'read')
  @ApiOperation({ summary: "A section's versions, newest first: every create, update and restore keeps one, immutable" })
  @ApiOkResponse({ type: [SectionVersionResponse] })
  versions(@CurrentUser() user: AuthUser, @Param('id', sectionId) id: string): Promise<SectionVersionResponse[]> {
    return this.sections.listVersions(user, id);
  }

  @Post(':id/versions/:version/restore')
  @Access('sections', 'write')
  @ApiOperation({ summary: 'Make the section equal to one of its versions, as a new version (a version equal to the current fields changes nothing)' })
  @ApiParam({ name: 'version', schema: { type: 'integer', minimum: 1 }, description: 'The version to restore' })
  @ApiCreatedResponse({ type: SectionResponse, description: 'The section as it now is' })
  @ApiErrors(409)
  restore(@CurrentUser() user: AuthUser, @Param('id', sectionId) id: string, @Param('version', versionNumber) version: number): Promise<SectionResponse> {
    return this.sections.restore(user, id, version);
  }

  @Put(':id')
  @Access('sections', 'write')
  @ApiOperation({
    summary:
      "Replace a section's fields, as its next version (fields equal to the current ones add none; the record's own read-only fields may come along and are ignored)",
  })
  @ApiOkResponse({ type: SectionResponse })
  update(@CurrentUser() user: AuthUser, @Param('id', sectionId) id: string, @Body() body: UpdateSectionDto): Promise<SectionResponse> {
    assertSameRecord(id, body);
    return this.sections.update(user, id, body);
  }

  @Delete(':id')
  @Access('sections', 'write')
  @ApiOperation({ summary: 'Delete a section (articles keep their snapshots of it)' })
  @ApiOkResponse({ type: SectionResponse, description: 'The deleted section' })
  remove(@CurrentUser() user: AuthUser, @Param('id', sectionId) id: string): Promise<SectionResponse> {
    return this.sections.remove(user, id);
  }
}
