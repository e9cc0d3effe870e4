import { BadRequestException } from '@nestjs/common';
import { scope as SCOPE } from '../../../test/support/rows';
import { buildService } from '../../../test/support/unit';
import { ListedModel } from '../integrations/openai/openai-models';
import { ConnectionsService } from '../connections/connections.service';
import { BaseModelsService } from './base-models.service';
import { KeyLineup, ModelLineupService } from './model-lineup.service';

const listed = (id: string, created: number, shutdownDate: string | null = null): ListedModel => ({ id, created, shutdownDate, ownedBy: 'system' });
const lineup = (...models: ListedModel[]): KeyLineup => ({ lineup: new Map(models.map((m) => [m.id, m])) });

/** What every OpenAI model of the list says of its connection. */
const OPENAI = { connection_id: null, vendor: 'OpenAI', connection_name: 'OpenAI', display_name: null };

describe(BaseModelsService.name, () => {
  async function build(key: KeyLineup) {
    const built = await buildService(BaseModelsService, { lineups: ModelLineupService, connections: ConnectionsService });
    built.connections.all.mockResolvedValue([]);
    built.lineups.forWorkspace.mockResolvedValue(key);
    return built;
  }

  describe('list', () => {
    it('should put spec §9’s five first, in order, then every other chat model the key lists, newest first — unknown families included', async () => {
      const { sut } = await build(
        lineup(
          listed('gpt-4o', 100, '2027-01-14'),
          listed('gpt-4o-mini', 110, '2027-01-14'),
          listed('gpt-6-luna', 400),
          listed('gpt-7-nova', 500),
          listed('text-embedding-3-small', 450),
          listed('whisper-1', 90),
          listed('ft:gpt-4o-2024-08-06:acme:blog:x', 600, '2027-01-14'),
        ),
      );

      const models = await sut.list(SCOPE);

      expect(models.map((m) => m.id)).toEqual([
        'gpt-4o',
        'gpt-4',
        'gpt-4-32k',
        'gpt-3.5-turbo',
        'gpt-3.5-turbo-16k',
        'gpt-7-nova',
        'gpt-6-luna',
        'gpt-4o-mini',
      ]);
      expect(models[0]).toEqual({ id: 'gpt-4o', model: 'gpt-4o', available: true, shutdown_date: '2027-01-14', reason: null, spec: true, ...OPENAI });
      expect(models[5]).toEqual({ id: 'gpt-7-nova', model: 'gpt-7-nova', available: true, shutdown_date: null, reason: null, spec: false, ...OPENAI });
    });

    it('should show a spec model the key no longer lists as shut down, with the day', async () => {
      const { sut } = await build(lineup(listed('gpt-4o', 100)));

      const [, gpt4] = await sut.list(SCOPE);

      expect(gpt4).toEqual({
        ...OPENAI,
        model: 'gpt-4',
        id: 'gpt-4',
        available: false,
        shutdown_date: '2026-10-23',
        reason: 'OpenAI shut it down on 2026-10-23: your key no longer lists it (GET /v1/models).',
        spec: true,
      });
    });

    it('should offer only the spec’s five, availability unknown, without a key or when OpenAI cannot be asked', async () => {
      const { sut } = await build({ unknown: null });
      const models = await sut.list(SCOPE);
      expect(models.map((m) => [m.id, m.available])).toEqual([
        ['gpt-4o', null],
        ['gpt-4', null],
        ['gpt-4-32k', null],
        ['gpt-3.5-turbo', null],
        ['gpt-3.5-turbo-16k', null],
      ]);
      expect(models[0].reason).toBe('Save your OpenAI API key on Home: Quire offers every chat model it lists.');
    });
  });

  describe('assertUsable', () => {
    it('should refuse (400 on base_model) a model the saved key does not list', async () => {
      const { sut } = await build(lineup(listed('gpt-4o-mini', 1)));

      const error = await sut.assertUsable(SCOPE, 'gpt-6-sol').catch((e: unknown) => e);

      expect(error).toBeInstanceOf(BadRequestException);
      const message =
        'base_model gpt-6-sol cannot be used with your OpenAI key: Your OpenAI key does not list it (GET /v1/models): OpenAI has shut it down or not given this account access to it.';
      expect((error as BadRequestException).getResponse()).toEqual({ message, errors: [{ field: 'base_model', message }] });
    });

    it('should accept any chat model the key lists, one no table knows included', async () => {
      const { sut } = await build(lineup(listed('gpt-7-nova', 1)));
      await expect(sut.assertUsable(SCOPE, 'gpt-7-nova')).resolves.toBeUndefined();
    });

    it('should refuse a model that is not a chat model, even one the key lists', async () => {
      const { sut } = await build(lineup(listed('text-embedding-3-small', 1)));
      await expect(sut.assertUsable(SCOPE, 'text-embedding-3-small')).rejects.toThrow(
        'base_model text-embedding-3-small is not a chat model: embeddings, speech, image, realtime and moderation models cannot write sections.',
      );
    });

    it('should leave the model to OpenAI without a key, or when OpenAI cannot be asked', async () => {
      const { sut } = await build({ unknown: 'Quire could not ask OpenAI which models your key may use (OpenAI: could not be reached.)' });
      await expect(sut.assertUsable(SCOPE, 'gpt-6-luna')).resolves.toBeUndefined();
    });
  });
});
