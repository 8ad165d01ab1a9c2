import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, TextField } from '../../components';
import { DISCORD_ID } from './api';

/** The Discord-ID search box; a malformed ID is explained here instead of being sent. */
export function PlayerSearch({ current }: { current: string | undefined }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setValue(current ?? '');
    setError(null);
  }, [current]);

  return (
    <search aria-label="Find a player">
      <form
        className="player-search"
        onSubmit={(e) => {
          e.preventDefault();
          const id = value.trim();
          if (!DISCORD_ID.test(id)) {
            setError('A Discord ID is 17 to 20 digits, e.g. 123456789012345678.');
            return;
          }
          setError(null);
          navigate(`/players/${id}`);
        }}
      >
        <TextField
          label="Discord ID"
          name="discordId"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          hint="In Discord: User Settings → Advanced → Developer Mode, then right-click the user → Copy User ID."
          error={error}
        />
        <Button type="submit" variant="primary">
          Look up
        </Button>
      </form>
    </search>
  );
}
