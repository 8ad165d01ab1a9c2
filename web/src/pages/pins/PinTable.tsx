import { Link } from 'react-router';
import type { ListedPin } from '../../api/types';
import { AssuranceBadge, Badge, ProgressBar, StatusBadge, Table, Time, VerdictBadge } from '../../components';

function PinRow({ pin }: { pin: ListedPin }) {
  return (
    <tr data-pin={pin.pin}>
      <th scope="row">
        <Link to={`/pins/${pin.pin}`} className="pin-code">
          {pin.pin}
        </Link>
      </th>
      <td data-label="Name">{pin.pinName ?? <span className="muted">—</span>}</td>
      <td data-label="Game">{pin.type}</td>
      <td data-label="Status" data-cell="status">
        <StatusBadge status={pin.status} />
        {pin.status === 'scanning' ? (
          <>
            <ProgressBar value={pin.progress} label={`Scan progress of ${pin.pin}`} />
            <span className="muted">
              {pin.progress}%{pin.statusMessage ? ` · ${pin.statusMessage}` : ''}
            </span>
          </>
        ) : null}
      </td>
      <td data-label="Verdict" data-cell="verdict">
        <VerdictBadge verdict={pin.result} />
        {pin.result !== null ? (
          <>
            {' '}
            <AssuranceBadge assurance={pin.data?.assurance} />
          </>
        ) : null}
      </td>
      <td data-label="Creator">
        {pin.mine ? 'You' : pin.creator}
        {pin.private ? (
          <>
            {' '}
            <Badge>Private</Badge>
          </>
        ) : null}
        {pin.enterprise ? <div className="muted">{pin.enterprise}</div> : null}
      </td>
      <td data-label="Created">
        <Time value={pin.createdAt} />
      </td>
      <td data-label="Expires">
        {pin.status === 'pending' || pin.status === 'scanning' ? (
          <Time value={pin.expiresAt} relativeToo />
        ) : (
          <span className="muted">—</span>
        )}
      </td>
    </tr>
  );
}

/** The PIN list, newest first. Rows update in place as the event stream reports changes. */
export function PinTable({ pins, busy }: { pins: ListedPin[]; busy: boolean }) {
  return (
    <Table caption="PINs, newest first" captionHidden busy={busy} className="pin-table">
      <thead>
        <tr>
          <th scope="col">Code</th>
          <th scope="col">Name</th>
          <th scope="col">Game</th>
          <th scope="col">Status</th>
          <th scope="col">Verdict</th>
          <th scope="col">Creator</th>
          <th scope="col">Created</th>
          <th scope="col">Expires</th>
        </tr>
      </thead>
      <tbody>
        {pins.map((pin) => (
          <PinRow key={pin.pin} pin={pin} />
        ))}
      </tbody>
    </Table>
  );
}
