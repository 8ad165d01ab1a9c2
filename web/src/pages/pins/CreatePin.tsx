import { type FormEvent, useId, useState } from 'react';
import { useCreatePin, usePinSlots } from '../../api/pins';
import { GAME_TYPES, type GameType, type ListedPin } from '../../api/types';
import {
  Button,
  CheckboxField,
  CopyButton,
  errorText,
  Notice,
  SelectField,
  TextField,
} from '../../components';
import { useEnterpriseChoice } from '../../layout/enterprise-choice';

function SlotsLeft() {
  const { enterpriseId } = useEnterpriseChoice();
  const slots = usePinSlots(enterpriseId);
  if (!slots.data) return null;
  const left = Math.max(0, slots.data.limit - slots.data.used);
  return (
    <p className="muted" data-testid="slots-left">
      {left} of {slots.data.limit} active-PIN slots left
      {slots.data.role && slots.data.role !== 'owner' ? ` for ${slots.data.role}s` : ''}.
    </p>
  );
}

const SYSTEMS = { windows: 'Windows', linux: 'Linux' } as const;

/**
 * Staff learn here, not from a player, that scan links offer nothing to download: the server has no
 * scanner build until its operator runs `npm run build:scanner` (docs/scan-client.md, "Building the
 * executables").
 */
function NoScannerNotice() {
  const { enterpriseId } = useEnterpriseChoice();
  const slots = usePinSlots(enterpriseId);
  const offered = slots.data?.scannerDownloads;
  if (offered === undefined) return null;
  const missing = (Object.keys(SYSTEMS) as Array<keyof typeof SYSTEMS>).filter((s) => !offered.includes(s));
  if (missing.length === 0) return null;
  const who = offered.length === 0 ? 'Players' : `Players on ${missing.map((s) => SYSTEMS[s]).join(' and ')}`;
  return (
    <Notice tone="info">
      <span data-testid="no-scanner-notice">
        {who} cannot download a scanner from this server yet: their scan link has nothing to download until
        the server's operator runs <code>npm run build:scanner</code> (docs/scan-client.md, "Building the
        executables").
      </span>
    </Notice>
  );
}

/**
 * The player's link (docs/scan-client.md, "Your scan link"): its download carries this server and
 * the PIN, so the player types nothing.
 */
function ScanLink({ code }: { code: string }) {
  const link = `${window.location.origin}/scan/${code}`;
  return (
    <p className="row">
      <span>
        Or send the player this link:{' '}
        <a href={link} data-testid="scan-link">
          {link}
        </a>
      </span>
      <CopyButton text={link} label="Copy the player's link" />
    </p>
  );
}

/** The code just made, large, with a copy button: the owner passes it to the player. */
function CreatedPin({ pin, onDone }: { pin: ListedPin; onDone: () => void }) {
  return (
    <div className="card created-pin stack" role="status">
      <p>
        New PIN{pin.pinName ? ` "${pin.pinName}"` : ''} for {pin.type}. Give this code to the player:
      </p>
      <div className="row">
        <span className="pin-code-large" data-testid="created-pin">
          {pin.pin}
        </span>
        <CopyButton text={pin.pin} label={`Copy PIN ${pin.pin}`} />
      </div>
      <ScanLink code={pin.pin} />
      <NoScannerNotice />
      <SlotsLeft />
      <Button onClick={onDone}>Create another</Button>
    </div>
  );
}

/**
 * "Create PIN" for the owner, admins and moderators (docs/roles.md), in the chosen Enterprise: game, name, player, private. The same
 * rules as the API apply (active-PIN limit and all); a refusal shows the server's own words.
 */
export function CreatePin() {
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<GameType>('FiveM');
  const [name, setName] = useState('');
  const [isPrivate, setIsPrivate] = useState(false);
  const [player, setPlayer] = useState('');
  const { enterpriseId } = useEnterpriseChoice();
  const create = useCreatePin(enterpriseId);
  const formId = useId();

  function submit(e: FormEvent) {
    e.preventDefault();
    create.mutate({
      type,
      pinName: name.trim() || null,
      private: isPrivate,
      playerDiscordId: player.trim() || null,
    });
  }

  if (create.data) {
    return (
      <CreatedPin
        pin={create.data}
        onDone={() => {
          create.reset();
          setName('');
          setPlayer('');
        }}
      />
    );
  }
  if (!open) {
    return (
      <div className="row toolbar">
        <Button variant="primary" onClick={() => setOpen(true)}>
          Create PIN
        </Button>
        <SlotsLeft />
      </div>
    );
  }
  return (
    <section className="card stack" aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`}>Create a PIN</h2>
      <form id={formId} className="form-grid" onSubmit={submit}>
        <SelectField
          label="Game"
          options={GAME_TYPES.map((g) => [g, g] as const)}
          value={type}
          onChange={(e) => setType(e.target.value as GameType)}
        />
        <TextField
          label="Name (optional)"
          maxLength={50}
          value={name}
          onChange={(e) => setName(e.target.value)}
          hint="For you and your staff, e.g. the player's name. Up to 50 characters."
        />
        <TextField
          label="Player's Discord ID (optional)"
          inputMode="numeric"
          pattern="[0-9]{17,20}"
          maxLength={20}
          value={player}
          onChange={(e) => setPlayer(e.target.value)}
          hint="Only this account may then prove the PIN. The scan counts for every community only when the player proves their account on the scan page."
        />
        <CheckboxField
          label="Private"
          checked={isPrivate}
          onChange={(e) => setIsPrivate(e.target.checked)}
          hint="Only you see it; your Enterprise's members do not."
        />
        <div className="row">
          <Button type="submit" variant="primary" busy={create.isPending}>
            Create
          </Button>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
        </div>
      </form>
      {create.isError ? <Notice tone="error">{errorText(create.error)}</Notice> : null}
      <NoScannerNotice />
      <SlotsLeft />
    </section>
  );
}
