import { Scope } from '../workspaces/scope';
import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { ListQuery, Page } from '../common/list-query';
import { GoogleAccessService } from '../users/google-access.service';
import { holdsAlready, unchanged } from '../common/unchanged';
import { givenFields } from '../common/validation';
import { ClientResponse, DriveTokenResponse, toClientResponse, UpdateClientDto } from './clients.dto';
import { ClientsRepository } from './clients.repository';

/** Clients (or websites) and their Google Drive save folders. */
@Injectable()
export class ClientsService {
  constructor(
    private readonly clients: ClientsRepository,
    private readonly google: GoogleAccessService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(scope: Scope, query: ListQuery): Promise<Page<ClientResponse>> {
    const page = await this.clients.list(scope, query);
    return { ...page, rows: page.rows.map(toClientResponse) };
  }

  async get(scope: Scope, id: string): Promise<ClientResponse> {
    return toClientResponse(await this.require(scope, id));
  }

  async create(scope: Scope, name: string): Promise<ClientResponse> {
    const row = await this.clients.create(scope, name);
    if (!row) throw new ConflictException(`A client named "${name}" already exists.`);
    return toClientResponse(row);
  }

  /**
   * The fields given replace the saved ones; a null savePath clears the folder and its name.
   * Values equal to the saved ones (`{}` included) write nothing.
   */
  async update(scope: Scope, id: string, dto: UpdateClientDto): Promise<ClientResponse> {
    const current = await this.require(scope, id);
    const taken = dto.name !== undefined ? await this.clients.findByName(scope, dto.name) : null;
    if (taken && taken.id !== id) throw new ConflictException(`A client named "${dto.name}" already exists.`);
    const folder = dto.savePath === null ? { savePath: null, savePathLabel: null } : { savePath: dto.savePath, savePathLabel: dto.savePathLabel };
    const values = givenFields({ name: dto.name, ...folder });
    if (holdsAlready(current, values)) return unchanged(toClientResponse(current));
    const row = await this.clients.update(scope, id, values);
    if (!row) throw new NotFoundException('Client not found.');
    return toClientResponse(row);
  }

  async setSavePath(scope: Scope, id: string, folderId: string, folderName: string): Promise<ClientResponse> {
    const row = await this.clients.setSavePath(scope, id, folderId, folderName);
    if (!row) throw new NotFoundException('Client not found.');
    return toClientResponse(row);
  }

  private async require(scope: Scope, id: string) {
    const row = await this.clients.findOwned(scope, id);
    if (!row) throw new NotFoundException('Client not found.');
    return row;
  }

  async remove(scope: Scope, id: string): Promise<ClientResponse> {
    const row = await this.clients.delete(scope, id);
    if (!row) throw new NotFoundException('Client not found.');
    return toClientResponse(row);
  }

  /** A Drive access token for the folder picker, with the Picker's key and app id. */
  async driveToken(scope: Scope): Promise<DriveTokenResponse> {
    const { pickerApiKey: apiKey, appId } = this.config.google;
    if (!apiKey || !appId) {
      throw new ConflictException('The Drive folder picker is not configured on this server: set GOOGLE_PICKER_API_KEY (and GOOGLE_APP_ID).');
    }
    if (!scope.userId) throw new ConflictException('The Drive folder picker is for a signed-in person.');
    return { ...(await this.google.accessToken(scope.userId)), apiKey, appId };
  }
}
