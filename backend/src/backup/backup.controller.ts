import { Controller, Get, Headers, Logger, Req, Res, UnauthorizedException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/api-docs';
import { bearerToken } from '../common/same-secret';
import type { Request, Response } from 'express';
import { open, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { BackupService } from './backup.service';
import { OutsideWorkspace } from '../common/access';

@ApiTags('backup')
@OutsideWorkspace()
@Controller('backup')
export class BackupController {
  private readonly logger = new Logger(BackupController.name);

  constructor(private readonly backups: BackupService) {}

  @Get()
  @ApiOperation({
    summary: 'Download a backup of the whole database',
    description:
      'Plain SQL (schema, data, migration state), made while the server runs; restore it with `npm run restore`. Only the owners of the data may: ' +
      'in local mode the operator, in google mode those DATA_OWNER_EMAILS names. The secrets in it stay encrypted with the server’s key.',
  })
  @ApiOkResponse({ description: 'The backup file', content: { 'application/sql': { schema: { type: 'string' } } } })
  @ApiErrors(403)
  async download(@Req() req: Request, @Headers('authorization') authorization: string | undefined, @Res() res: Response): Promise<void> {
    // `npm run backup` asks with the token of DATA_DIR/server.json instead of a session (the auth middleware lets a bearer through here).
    const bearer = bearerToken(authorization);
    if (bearer !== undefined) {
      if (!this.backups.acceptsCliToken(bearer)) throw new UnauthorizedException("That is not this server's backup token (DATA_DIR/server.json).");
    } else {
      this.backups.assertOwnsData(req.account!);
    }
    const { file, header } = await this.backups.backupForDownload();
    try {
      // Opened before it is streamed: a browser gone while the backup was made ends the stream at
      // once, and the file removed below is never opened afterwards (an unhandled error that
      // stopped the server).
      const backup = await open(file, 'r');
      res.setHeader('Content-Type', 'application/sql; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="quire-backup-${header.made_at.replace(/[:.]/g, '-')}.sql"`);
      res.setHeader('Cache-Control', 'no-store');
      await pipeline(backup.createReadStream(), res);
    } catch (error) {
      // The browser went away mid-download: nothing to answer.
      this.logger.warn(`A backup download ended early: ${(error as Error).message}`);
    } finally {
      // Off the event loop: unlinking a large file holds the thread that does it.
      await rm(file, { force: true });
    }
  }
}
