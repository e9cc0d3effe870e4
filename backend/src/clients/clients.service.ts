import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { ListQuery, Page } from '../common/list-query';
import { GoogleTokens } from '../integrations/google/google-tokens';
import { UsersService } from '../users/users.service';
import { ClientResponse, DriveTokenResponse, toClientResponse } from './clients.dto';
import { ClientsRepository } from './clients.repository';

/** A token is handed out only while it has at least this long to live. */
const TOKEN_MARGIN_MS = 2 * 60 * 1000;

/** Clients (or websites) and their Google Drive save folders. */
@Injectable()
export class ClientsService {
  constructor(
    private readonly clients: ClientsRepository,
    private readonly users: UsersService,
    private readonly google: GoogleTokens,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(userId: string, query: ListQuery): Promise<Page<ClientResponse>> {
    const page = await this.clients.list(userId, query);
    return { ...page, rows: page.rows.map(toClientResponse) };
  }

  async get(userId: string, id: string): Promise<ClientResponse> {
    const row = await this.clients.findOwned(userId, id);
    if (!row) throw new NotFoundException('Client not found.');
    return toClientResponse(row);
  }

  async create(userId: string, name: string): Promise<ClientResponse> {
    const row = await this.clients.create(userId, name);
    if (!row) throw new ConflictException(`A client named "${name}" already exists.`);
    return toClientResponse(row);
  }

  async setSavePath(userId: string, id: string, folderId: string, folderName: string): Promise<ClientResponse> {
    const row = await this.clients.setSavePath(userId, id, folderId, folderName);
    if (!row) throw new NotFoundException('Client not found.');
    return toClientResponse(row);
  }

  async remove(userId: string, id: string): Promise<ClientResponse> {
    const row = await this.clients.delete(userId, id);
    if (!row) throw new NotFoundException('Client not found.');
    return toClientResponse(row);
  }

  /** A Drive access token for the folder picker: the cached one, or a fresh one from the refresh token. */
  async driveToken(userId: string): Promise<DriveTokenResponse> {
    const apiKey = this.config.google.pickerApiKey;
    if (!apiKey) {
      throw new ConflictException('The Drive folder picker is not configured on this server: set GOOGLE_PICKER_API_KEY (and GOOGLE_APP_ID).');
    }
    const picker = { apiKey, appId: this.config.google.appId };
    const cached = await this.users.getGoogleAccessToken(userId);
    if (cached && cached.expiresAt.getTime() - Date.now() > TOKEN_MARGIN_MS) return { ...cached, ...picker };
    const refreshToken = await this.users.getGoogleRefreshToken(userId);
    if (!refreshToken) {
      throw new ConflictException('Choosing a Drive folder needs Google sign-in: log out and sign in with Google.');
    }
    const fresh = await this.google.refresh(refreshToken);
    await this.users.setGoogleAccessToken(userId, fresh.token, fresh.expiresAt);
    return { ...fresh, ...picker };
  }
}
