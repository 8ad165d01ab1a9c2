import { useState } from 'react';
import { Button, EmptyState, ErrorState, errorText, Loading, Notice, PageHeader } from '../../components';
import { useCreateWebhook, useWebhooks } from './api';
import { SecretOnce } from './SecretOnce';
import { WebhookCard } from './WebhookCard';
import { WebhookForm } from './WebhookForm';

/**
 * `/webhooks`: the person's webhook endpoints (docs/webhooks.md): create, edit, enable or disable,
 * delete, rotate the secret, send a test ping, and read each endpoint's delivery log.
 */
export default function WebhooksPage() {
  const hooks = useWebhooks();
  const create = useCreateWebhook();
  const [creating, setCreating] = useState(false);
  // The form is remounted after each creation so it starts empty.
  const [formKey, setFormKey] = useState(0);

  return (
    <>
      <PageHeader title="Webhooks">
        {creating ? null : (
          <Button
            variant="primary"
            onClick={() => {
              create.reset();
              setCreating(true);
            }}
          >
            Add endpoint
          </Button>
        )}
      </PageHeader>
      <p className="muted">
        scanpin posts PIN events (created, started, progress, finished, expired, failed) to your endpoints as
        they happen, signed with each endpoint's secret.
      </p>
      {creating ? (
        <section className="card stack" aria-labelledby="new-webhook-title">
          <h2 id="new-webhook-title">New endpoint</h2>
          <WebhookForm
            key={formKey}
            submitLabel="Create endpoint"
            busy={create.isPending}
            onCancel={() => setCreating(false)}
            onSubmit={(input) =>
              create.mutate(input, {
                onSuccess: () => {
                  setCreating(false);
                  setFormKey((k) => k + 1);
                },
              })
            }
          />
          {create.isError ? <Notice tone="error">{errorText(create.error)}</Notice> : null}
        </section>
      ) : null}
      {create.data ? (
        <SecretOnce
          secret={create.data.secret}
          lead={`Endpoint ${create.data.url} is created. Its signing secret:`}
        />
      ) : null}
      {hooks.isPending ? (
        <Loading label="Loading endpoints…" />
      ) : hooks.isError ? (
        <ErrorState error={hooks.error} onRetry={() => void hooks.refetch()} />
      ) : hooks.data.data.length === 0 ? (
        <EmptyState title="No endpoints yet.">
          Add one to receive scan events in your own bot or service.
        </EmptyState>
      ) : (
        <section aria-labelledby="endpoints-title">
          <h2 id="endpoints-title" className="visually-hidden">
            Your endpoints
          </h2>
          <ul className="plain-list">
            {hooks.data.data.map((hook) => (
              <WebhookCard key={hook.id} webhook={hook} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
