import { BadRequestException, ConflictException, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { createHmac, randomBytes } from 'node:crypto';
import type { Role } from '@quire/shared';
import { buildService } from '../../../test/support/unit';
import type { AuthUser } from '../workspaces/current-user';
import { SecretBox } from '../common/secret-box';
import { APP_CONFIG } from '../config/config.module';
import { JobsService } from '../jobs/jobs.service';
import { NOTION_EVENT_QUEUE } from '../common/queues';
import { NotionWebhooksRepository, WorkspaceWebhook } from './notion-webhooks.repository';
import { NotionWebhooksService } from './notion-webhooks.service';

const WORKSPACE = 'workspace-1';
const TOKEN = 'a'.repeat(64);
const VERIFICATION = 'secret_verification';

const caller = (role: Role): AuthUser => ({
  id: 'caller',
  userId: 'caller',
  workspaceId: WORKSPACE,
  name: 'Ann',
  email: 'ann@example.com',
  avatar: null,
  workspaceName: 'Reviews team',
  role,
});

/** A delivery as Notion sends it: the raw body and its signature under the verification token. */
function delivery(event: Record<string, unknown>, key = VERIFICATION) {
  const raw = Buffer.from(JSON.stringify(event));
  return { raw, signature: `sha256=${createHmac('sha256', key).update(raw).digest('hex')}`, body: event };
}

const propertiesUpdated = (values: Record<string, unknown> = {}) => ({
  id: 'event-1',
  type: 'page.properties_updated',
  api_version: '2025-09-03',
  entity: { id: 'page-1', type: 'page' },
  authors: [{ id: 'person-1', type: 'person' }],
  data: { updated_properties: ['st'] },
  ...values,
});

describe(NotionWebhooksService.name, () => {
  const box = new SecretBox(randomBytes(32));
  const sealed = (token: string) => box.seal(token, `${WORKSPACE}:NOTION_WEBHOOK_VERIFICATION`);

  const webhook = (values: Partial<WorkspaceWebhook> = {}): WorkspaceWebhook => ({
    id: WORKSPACE,
    notionWebhookToken: TOKEN,
    notionWebhookVerification: sealed(VERIFICATION),
    notionWebhookVerifiedAt: new Date(0),
    notionWebhookDeliveredAt: null,
    ...values,
  });

  async function build(row: WorkspaceWebhook | null = webhook()) {
    const built = await buildService(NotionWebhooksService, { webhooks: NotionWebhooksRepository, queue: JobsService }, [
      { provide: SecretBox, useValue: box },
      { provide: APP_CONFIG, useValue: { appUrl: 'https://quire.example' } },
    ]);
    built.webhooks.find.mockResolvedValue(row);
    built.webhooks.findByWebhookToken.mockResolvedValue(row);
    built.webhooks.setWebhookVerification.mockResolvedValue();
    built.webhooks.markWebhookDelivery.mockResolvedValue();
    built.webhooks.takeWebhookEvent.mockResolvedValue(true);
    built.queue.send.mockResolvedValue(null as never);
    return built;
  }

  const receive = (sut: NotionWebhooksService, event: Record<string, unknown>, key?: string) => {
    const { raw, signature, body } = delivery(event, key);
    return sut.receive(TOKEN, raw, signature, body);
  };

  describe('state', () => {
    it('should give the webhook’s address under the app’s URL', async () => {
      const { sut } = await build();

      expect((await sut.state(caller('owner'))).url).toBe(`https://quire.example/api/webhooks/notion/${TOKEN}`);
    });

    it('should show the verification token to an owner, to paste into Notion', async () => {
      const { sut } = await build();

      expect((await sut.state(caller('owner'))).verification_token).toBe(VERIFICATION);
    });

    it('should hide the verification token from everyone else', async () => {
      const { sut } = await build();

      expect(await sut.state(caller('editor'))).toMatchObject({ verification_token: null, verification_received: true });
    });

    it('should answer 404 when the workspace is gone', async () => {
      const { sut } = await build(null);

      await expect(sut.state(caller('owner'))).rejects.toThrow(new NotFoundException('Workspace not found.'));
    });
  });

  describe('reset', () => {
    it('should forget the verification token so a new subscription’s can be taken', async () => {
      const { sut, webhooks } = await build();

      await sut.reset(caller('owner'));

      expect(webhooks.setWebhookVerification).toHaveBeenCalledWith(WORKSPACE, null);
    });
  });

  describe('receive', () => {
    it('should not look up an address that is not 64 hex digits', async () => {
      const { sut, webhooks } = await build();
      const { raw, signature, body } = delivery(propertiesUpdated());

      await expect(sut.receive('not-a-token', raw, signature, body)).rejects.toBeInstanceOf(NotFoundException);
      expect(webhooks.findByWebhookToken).not.toHaveBeenCalled();
    });

    it('should answer 404 for an address no workspace has', async () => {
      const { sut } = await build(null);

      await expect(receive(sut, propertiesUpdated())).rejects.toThrow(new NotFoundException('No Notion webhook has this address.'));
    });

    it('should keep a new subscription’s verification token sealed', async () => {
      const { sut, webhooks } = await build(webhook({ notionWebhookVerification: null, notionWebhookVerifiedAt: null }));

      await sut.receive(TOKEN, Buffer.from('{}'), undefined, { verification_token: 'secret_new' });

      const kept = webhooks.setWebhookVerification.mock.calls[0][1]!;
      expect(kept).not.toContain('secret_new');
      expect(box.open(kept, `${WORKSPACE}:NOTION_WEBHOOK_VERIFICATION`)).toBe('secret_new');
    });

    it('should refuse a verification token once the webhook is verified', async () => {
      const { sut, webhooks } = await build();

      await expect(sut.receive(TOKEN, Buffer.from('{}'), undefined, { verification_token: 'secret_new' })).rejects.toBeInstanceOf(ConflictException);
      expect(webhooks.setWebhookVerification).not.toHaveBeenCalled();
    });

    it('should answer 401 to a delivery signed with another token, taking nothing', async () => {
      const { sut, webhooks, queue } = await build();

      await expect(receive(sut, propertiesUpdated(), 'secret_other')).rejects.toBeInstanceOf(UnauthorizedException);
      expect(webhooks.takeWebhookEvent).not.toHaveBeenCalled();
      expect(queue.send).not.toHaveBeenCalled();
    });

    it('should refuse an event of an API version Quire does not read, without counting it as a delivery', async () => {
      const { sut, webhooks } = await build();

      await expect(receive(sut, propertiesUpdated({ api_version: '2022-06-28' }))).rejects.toBeInstanceOf(BadRequestException);
      expect(webhooks.markWebhookDelivery).toHaveBeenCalledWith(WORKSPACE, expect.any(Date), false);
    });

    it('should queue a page’s change with the properties it names, once per event id', async () => {
      const { sut, queue } = await build();

      await receive(sut, propertiesUpdated());

      expect(queue.send).toHaveBeenCalledWith(
        NOTION_EVENT_QUEUE,
        { workspaceId: WORKSPACE, pageId: 'page-1', updatedProperties: ['st'] },
        { singletonKey: 'event-1' },
      );
    });

    it('should start nothing for an event taken before (Notion’s retries)', async () => {
      const { sut, webhooks, queue } = await build();
      webhooks.takeWebhookEvent.mockResolvedValue(false);

      await receive(sut, propertiesUpdated());

      expect(queue.send).not.toHaveBeenCalled();
    });

    it('should start nothing for a change made only by bots (Quire’s own writes)', async () => {
      const { sut, queue } = await build();

      await receive(sut, propertiesUpdated({ authors: [{ id: 'bot-1', type: 'bot' }] }));

      expect(queue.send).not.toHaveBeenCalled();
    });

    it('should take an event that cannot start a row and start nothing', async () => {
      const { sut, webhooks, queue } = await build();

      await receive(sut, propertiesUpdated({ type: 'comment.created' }));

      expect(webhooks.takeWebhookEvent).toHaveBeenCalled();
      expect(queue.send).not.toHaveBeenCalled();
    });

    it('should mark the webhook delivered by a signed event', async () => {
      const { sut, webhooks } = await build();

      await receive(sut, propertiesUpdated());

      expect(webhooks.markWebhookDelivery).toHaveBeenCalledWith(WORKSPACE, expect.any(Date));
    });
  });
});
