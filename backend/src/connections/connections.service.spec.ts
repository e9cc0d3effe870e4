import { BadRequestException, ConflictException } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { buildService, signedIn } from '../../../test/support/unit';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { SecretBox } from '../common/secret-box';
import { isUnchanged } from '../common/unchanged';
import { ConnectionsRepository } from './connections.repository';
import { ModelConnectionRow } from './connections.schema';
import { ConnectionsService } from './connections.service';
import { SharedPace } from '../integrations/pace/shared-pace.service';
import { CONNECTION_USES, ConnectionUse } from './connection-uses';
import type { Scope } from '../workspaces/scope';

const ID = '22222222-2222-4222-8222-222222222222';
const KEY = 'sk-ant-api03-abcdefghijklmnop-0001';

describe(ConnectionsService.name, () => {
  const box = new SecretBox(randomBytes(32));
  const owner = signedIn('owner');

  const uses = { of: jest.fn<Promise<ConnectionUse>, [Scope, string]>() };

  async function build() {
    return buildService(ConnectionsService, { connections: ConnectionsRepository, pace: SharedPace }, [
      { provide: SecretBox, useValue: box },
      { provide: APP_CONFIG, useValue: { anthropicBaseUrl: null, geminiBaseUrl: null } as Partial<AppConfig> },
      { provide: CONNECTION_USES, useValue: uses },
    ]);
  }

  function row(overrides: Partial<ModelConnectionRow> = {}): ModelConnectionRow {
    return {
      id: ID,
      workspaceId: owner.workspaceId,
      createdBy: owner.id,
      kind: 'anthropic',
      name: 'Anthropic',
      baseUrl: null,
      apiKey: box.seal(KEY, `${ID}:MODEL_CONNECTION_KEY`),
      createdAt: new Date(0),
      updatedAt: new Date(0),
      ...overrides,
    };
  }

  it("names a vendor's provider after the vendor and seals its key for the new row's id", async () => {
    const { sut, connections } = await build();
    connections.findByName.mockResolvedValue(null);
    connections.insert.mockImplementation(async (values) => row(values));
    const created = await sut.create(owner, { kind: 'anthropic', api_key: KEY });
    const inserted = connections.insert.mock.calls[0][0];
    expect(inserted).toMatchObject({ kind: 'anthropic', name: 'Anthropic', baseUrl: null, workspaceId: owner.workspaceId });
    expect(box.open(inserted.apiKey!, `${inserted.id}:MODEL_CONNECTION_KEY`)).toBe(KEY);
    expect(created).toMatchObject({ _id: inserted.id, vendor: 'Anthropic', api_key: 'sk-…0001' });
  });

  it("keeps an OpenAI-compatible server's address without its trailing slash, and no key when none is given", async () => {
    const { sut, connections } = await build();
    connections.findByName.mockResolvedValue(null);
    connections.insert.mockImplementation(async (values) => row(values));
    await sut.create(owner, { kind: 'openai-compatible', name: 'Ollama', base_url: 'http://localhost:11434/v1/' });
    expect(connections.insert.mock.calls[0][0]).toMatchObject({ baseUrl: 'http://localhost:11434/v1', apiKey: null });
  });

  it.each([
    [{ kind: 'gemini' as const }, 'api_key'],
    [{ kind: 'gemini' as const, api_key: 'AIza key' }, 'api_key'],
    [{ kind: 'openai-compatible' as const, name: 'x', base_url: 'http://h/v1?x=1' }, 'base_url'],
    [{ kind: 'openai-compatible' as const, base_url: 'http://h/v1' }, 'name'],
  ])('refuses %j naming the field, before any query', async (dto, field) => {
    const { sut } = await build();
    const refusal = await sut.create(owner, dto).catch((error: BadRequestException) => error);
    expect(refusal).toBeInstanceOf(BadRequestException);
    expect((refusal as BadRequestException).getResponse()).toMatchObject({ errors: [{ field }] });
  });

  it('refuses a name another provider of the workspace has, any case', async () => {
    const { sut, connections } = await build();
    connections.findByName.mockResolvedValue(row({ id: 'other', name: 'Claude' }));
    await expect(sut.create(owner, { kind: 'anthropic', name: 'CLAUDE', api_key: KEY })).rejects.toBeInstanceOf(ConflictException);
  });

  it('writes nothing when an update posts back what is saved, the key as its hint', async () => {
    const { sut, connections } = await build();
    connections.findOwned.mockResolvedValue(row());
    const answer = await sut.update(owner, ID, { name: 'Anthropic', kind: 'anthropic', api_key: 'sk-…0001' });
    expect(isUnchanged(answer)).toBe(true);
    expect(connections.update).not.toHaveBeenCalled();
  });

  it('seals a new key for the same row on update', async () => {
    const { sut, connections } = await build();
    connections.findOwned.mockResolvedValue(row());
    connections.update.mockImplementation(async (_scope, _id, values) => row(values));
    await sut.update(owner, ID, { api_key: 'sk-ant-api03-new-key-000000002' });
    expect(box.open(connections.update.mock.calls[0][2].apiKey!, `${ID}:MODEL_CONNECTION_KEY`)).toBe('sk-ant-api03-new-key-000000002');
  });

  it('refuses to remove a provider while models are on it, naming them and the sections writing with them, and deletes nothing', async () => {
    const { sut, connections } = await build();
    connections.findOwned.mockResolvedValue(row({ name: 'Claude' }));
    uses.of.mockResolvedValue({ models: ['Claude voice'], sections: ['Intro', 'Verdict'] });
    await expect(sut.remove(owner, ID)).rejects.toThrow(
      'Claude cannot be removed while models use it: the models "Claude voice" are on it, and the sections "Intro", "Verdict" write with them. Replace them on the Models screen and delete them first.',
    );
    expect(connections.delete).not.toHaveBeenCalled();
  });

  it('removes a provider nothing is on', async () => {
    const { sut, connections } = await build();
    connections.findOwned.mockResolvedValue(row());
    connections.delete.mockResolvedValue(row());
    uses.of.mockResolvedValue({ models: [], sections: [] });
    await sut.remove(owner, ID);
    expect(connections.delete).toHaveBeenCalledWith(owner, ID);
  });
});
