import type { CreateWebhookRequest } from '@scanpin/client';
import { Command, InvalidArgumentError } from 'commander';
import { PIN_EVENT_TYPES } from '../../domain/webhook-events.js';
import { action, type CustomerIo, withCommonOptions } from './connection.js';
import { keyValues, table } from './format.js';

function eventList(value: string): NonNullable<CreateWebhookRequest['events']> {
  const list = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const e of list) {
    if (!(PIN_EVENT_TYPES as readonly string[]).includes(e)) {
      throw new InvalidArgumentError(`unknown event ${e}; choose from ${PIN_EVENT_TYPES.join(', ')}`);
    }
  }
  return list as NonNullable<CreateWebhookRequest['events']>;
}

function positive(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a positive whole number');
  return n;
}

/** `scanpin webhooks …`: your webhook endpoints (docs/webhooks.md, "Managing endpoints"). */
export function webhooksCommand(io: CustomerIo): Command {
  const hooks = withCommonOptions(
    new Command('webhooks').description('manage webhook endpoints (webhooks:manage)'),
  );
  hooks
    .command('list')
    .description('your webhook endpoints')
    .action(
      action(async (client, flags) => {
        const list = await client.webhooks.list();
        if (flags.json) io.out(JSON.stringify(list, null, 2));
        else if (list.data.length === 0)
          io.out('No webhook endpoints yet. Add one with `scanpin webhooks create URL`.');
        else {
          io.out(
            table(
              ['ID', 'URL', 'Events', 'Enabled', 'Description'],
              list.data.map((w) => [
                w.id,
                w.url,
                w.events.length === 0 ? 'all' : w.events,
                w.enabled ? 'yes' : 'no',
                w.description,
              ]),
            ),
          );
        }
        return 0;
      }),
    );
  hooks
    .command('create <url>')
    .description('add an endpoint (an https:// URL); prints its signing secret, shown only this once')
    .option(
      '--events <list>',
      `comma-separated event types (default all): ${PIN_EVENT_TYPES.join(', ')}`,
      eventList,
    )
    .option('--description <text>', 'a note for yourself')
    .action(
      action(async (client, flags, url: string) => {
        const own = hooks.commands.find((c) => c.name() === 'create')?.opts() as {
          events?: CreateWebhookRequest['events'];
          description?: string;
        };
        const created = await client.webhooks.create({
          url,
          ...(own.events ? { events: own.events } : {}),
          ...(own.description ? { description: own.description } : {}),
        });
        io.out(
          flags.json
            ? JSON.stringify(created, null, 2)
            : `${keyValues([
                ['ID', created.id],
                ['URL', created.url],
                ['Events', created.events.length === 0 ? 'all' : created.events],
                ['Secret', created.secret],
              ])}\n\nKeep the secret: it is shown only now. Verify deliveries with it (docs/webhooks.md).`,
        );
        return 0;
      }),
    );
  hooks
    .command('deliveries <id>')
    .description("an endpoint's delivery log, newest first")
    .option('--limit <n>', 'how many (default 20)', positive)
    .option('--before <cursor>', 'page back from a nextCursor')
    .action(
      action(async (client, flags, id: string) => {
        const own = hooks.commands.find((c) => c.name() === 'deliveries')?.opts() as {
          limit?: number;
          before?: string;
        };
        const page = await client.webhooks.deliveries(positive(id), {
          ...(own.limit ? { limit: own.limit } : {}),
          ...(own.before ? { before: own.before } : {}),
        });
        if (flags.json) io.out(JSON.stringify(page, null, 2));
        else {
          io.out(
            table(
              ['ID', 'Event', 'State', 'Attempts', 'Last status', 'Next attempt'],
              page.data.map((d) => [d.id, d.event, d.state, d.attempts, d.lastStatusCode, d.nextAttemptAt]),
            ),
          );
          if (page.nextCursor) io.out(`More: --before ${page.nextCursor}`);
        }
        return 0;
      }),
    );
  return hooks;
}
