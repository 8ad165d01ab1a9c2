import { useState } from 'react';
import { useCreateShareLink, useShareLinks, useWithdrawShareLink } from '../../api/pins';
import type { ShareLinkListing } from '../../api/types';
import {
  Badge,
  Button,
  ConfirmDialog,
  CopyButton,
  ErrorState,
  errorText,
  Loading,
  Notice,
  SelectField,
  Table,
  Time,
} from '../../components';

const DAYS: Array<[string, string]> = [
  ['1', '1 day'],
  ['7', '7 days'],
  ['14', '14 days'],
  ['30', '30 days'],
];

function linkState(link: ShareLinkListing): ['Active' | 'Withdrawn' | 'Expired', 'success' | 'neutral'] {
  if (link.revoked) return ['Withdrawn', 'neutral'];
  if (new Date(link.expiresAt).getTime() <= Date.now()) return ['Expired', 'neutral'];
  return ['Active', 'success'];
}

/**
 * Share links for a finished scan (docs/dashboard.md, "Sharing"): a public, redacted page. The URL
 * is shown once, right after making it; the list shows every link, with "Withdraw" on those the
 * person may withdraw (theirs, or every one for the Enterprise's owner).
 */
export function Share({ code }: { code: string }) {
  const links = useShareLinks(code, true);
  const create = useCreateShareLink(code);
  const withdraw = useWithdrawShareLink(code);
  const [days, setDays] = useState('7');
  const [confirming, setConfirming] = useState<number | null>(null);

  return (
    <section className="card stack" aria-labelledby="share-title">
      <h2 id="share-title">Share</h2>
      <p>
        A share link opens a page with this scan's verdict and findings for someone without an account. It
        never shows Discord accounts, hardware IDs, IP addresses or who made the PIN.
      </p>
      <form
        className="row row-end"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(Number(days));
        }}
      >
        <SelectField
          label="Link lasts"
          options={DAYS}
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
        <Button type="submit" variant="primary" busy={create.isPending}>
          Create share link
        </Button>
      </form>
      {create.isError ? <Notice tone="error">{errorText(create.error)}</Notice> : null}
      {create.data ? (
        <div className="notice notice-success" role="status">
          <p>Copy the link now: it is not shown again.</p>
          <div className="url-box">
            <code data-testid="share-url">{create.data.url}</code>
            <CopyButton text={create.data.url} label="Copy share link" />
          </div>
          <p className="muted">
            Expires <Time value={create.data.expiresAt} />.
          </p>
        </div>
      ) : null}
      {withdraw.isError ? <Notice tone="error">{errorText(withdraw.error)}</Notice> : null}
      {links.isPending ? (
        <Loading />
      ) : links.isError ? (
        <ErrorState error={links.error} onRetry={() => void links.refetch()} />
      ) : links.data.length === 0 ? (
        <p className="muted">No share links yet.</p>
      ) : (
        <Table caption="Share links of this PIN">
          <thead>
            <tr>
              <th scope="col">Created</th>
              <th scope="col">Expires</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {links.data.map((link) => {
              const [state, tone] = linkState(link);
              return (
                <tr key={link.id}>
                  <td>
                    <Time value={link.createdAt} />
                  </td>
                  <td>
                    <Time value={link.expiresAt} />
                  </td>
                  <td>
                    <Badge tone={tone}>{state}</Badge>
                  </td>
                  <td>
                    {state === 'Active' && link.mayWithdraw ? (
                      <Button variant="danger" className="btn-small" onClick={() => setConfirming(link.id)}>
                        Withdraw
                      </Button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="Withdraw this share link?"
        confirmLabel="Withdraw link"
        danger
        busy={withdraw.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming === null) return;
          withdraw.mutate(confirming, { onSettled: () => setConfirming(null) });
        }}
      >
        <p>Anyone who has the link will see "This link has expired or was withdrawn" from now on.</p>
      </ConfirmDialog>
    </section>
  );
}
