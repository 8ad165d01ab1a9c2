import { useId, useState } from 'react';
import { Badge, Button, ConfirmDialog, errorText, Notice, Time } from '../../components';
import { useDeleteWebhook, useRotateSecret, useSendTest, useUpdateWebhook, type Webhook } from './api';
import { Deliveries } from './Deliveries';
import { SecretOnce } from './SecretOnce';
import { WebhookForm } from './WebhookForm';

/** One endpoint: what it receives, its state, its actions and (on demand) its delivery log. */
export function WebhookCard({ webhook }: { webhook: Webhook }) {
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateSecret();
  const test = useSendTest();
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [confirm, setConfirm] = useState<'delete' | 'rotate' | null>(null);
  const logId = useId();
  const failure = [update, remove, rotate, test].find((m) => m.isError)?.error;

  return (
    <li className="card stack webhook-card">
      <div className="row row-between">
        <h3 className="wrap-anywhere webhook-url">{webhook.url}</h3>
        {webhook.enabled ? <Badge tone="success">Enabled</Badge> : <Badge tone="neutral">Disabled</Badge>}
      </div>
      {webhook.disabledReason && !webhook.enabled ? (
        <Notice tone="info">
          Disabled by scanpin: {webhook.disabledReason} Enable it again once the receiver works.
        </Notice>
      ) : null}
      {editing ? (
        <WebhookForm
          initial={{ url: webhook.url, events: webhook.events, description: webhook.description }}
          submitLabel="Save changes"
          busy={update.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={(input) =>
            update.mutate({ id: webhook.id, ...input }, { onSuccess: () => setEditing(false) })
          }
        />
      ) : (
        <dl className="facts">
          <div>
            <dt>Events</dt>
            <dd>{webhook.events.length === 0 ? 'Every event' : webhook.events.join(', ')}</dd>
          </div>
          <div>
            <dt>Description</dt>
            <dd>{webhook.description ?? <span className="muted">—</span>}</dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>
              <Time value={webhook.createdAt} />
            </dd>
          </div>
        </dl>
      )}
      {failure ? <Notice tone="error">{errorText(failure)}</Notice> : null}
      {test.isSuccess ? <Notice tone="success">Test ping sent: see it in the delivery log.</Notice> : null}
      {rotate.data ? (
        <SecretOnce
          secret={rotate.data.secret}
          lead="The new signing secret. For 24 hours deliveries carry signatures with both the old and the new one."
        />
      ) : null}
      <div className="row webhook-actions">
        {editing ? null : (
          <Button className="btn-small" onClick={() => setEditing(true)}>
            Edit
          </Button>
        )}
        <Button
          className="btn-small"
          busy={update.isPending && update.variables?.enabled !== undefined}
          onClick={() => update.mutate({ id: webhook.id, enabled: !webhook.enabled })}
        >
          {webhook.enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button
          className="btn-small"
          busy={test.isPending}
          onClick={() =>
            test.mutate(webhook.id, {
              onSuccess: () => setShowLog(true),
            })
          }
        >
          Send test
        </Button>
        <Button className="btn-small" onClick={() => setConfirm('rotate')}>
          Rotate secret
        </Button>
        <Button
          className="btn-small"
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => setShowLog((v) => !v)}
        >
          {showLog ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        <Button variant="danger" className="btn-small" onClick={() => setConfirm('delete')}>
          Delete
        </Button>
      </div>
      <div id={logId}>
        {showLog ? (
          <section className="stack" aria-label={`Deliveries to ${webhook.url}`}>
            <h4>Delivery log</h4>
            <Deliveries webhookId={webhook.id} />
          </section>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirm === 'delete'}
        title="Delete this endpoint?"
        confirmLabel="Delete endpoint"
        danger
        busy={remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => remove.mutate(webhook.id, { onSettled: () => setConfirm(null) })}
      >
        <p>
          Nothing more is sent to <span className="wrap-anywhere">{webhook.url}</span>, and its delivery log
          is deleted with it.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'rotate'}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
        busy={rotate.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => rotate.mutate(webhook.id, { onSettled: () => setConfirm(null) })}
      >
        <p>
          A new secret is made and shown once. For 24 hours every delivery is signed with both the old and the
          new secret, so you can update your receiver without missing one.
        </p>
      </ConfirmDialog>
    </li>
  );
}
