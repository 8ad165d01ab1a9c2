import { useEffect, useState } from 'react';
import { Button, ErrorState, errorText, Loading, Notice, TextField } from '../../components';
import { useKeywords, useSaveKeywords } from './api';

const MAX_KEYWORDS = 500;
const MAX_LENGTH = 100;

/**
 * The server stores keywords trimmed, lower-case and without repeats (src/domain/custom-keywords.ts),
 * where forms that match the same text (`ｃｈｅａｔ`, `cheat`) are repeats too: the saved list shows that.
 */
function normalise(word: string): string {
  return word.trim().toLowerCase();
}

/**
 * Custom suspicious keywords: a list edited here and saved at once with PUT. Artifacts of later scans
 * that contain one are reported as customSuspicious.
 */
export function Keywords() {
  const saved = useKeywords();
  const save = useSaveKeywords();
  const [list, setList] = useState<string[] | null>(null);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);

  // Start from the saved list; after a save, show what the server kept.
  useEffect(() => {
    if (saved.data) setList(saved.data.keywords);
  }, [saved.data]);

  if (saved.isPending || list === null) return <Loading label="Loading keywords…" />;
  if (saved.isError) return <ErrorState error={saved.error} onRetry={() => void saved.refetch()} />;

  const dirty = list.join('\n') !== saved.data.keywords.join('\n');

  const add = () => {
    const word = normalise(draft);
    if (word === '') {
      setError('Type a word or phrase first.');
      return;
    }
    if (word.length > MAX_LENGTH) {
      setError(`A keyword is at most ${MAX_LENGTH} characters.`);
      return;
    }
    if (list.includes(word)) {
      setError(`“${word}” is already in the list.`);
      return;
    }
    if (list.length >= MAX_KEYWORDS) {
      setError(`The list holds at most ${MAX_KEYWORDS} keywords.`);
      return;
    }
    setList([...list, word]);
    setDraft('');
    setError(null);
    save.reset();
  };

  return (
    <div className="stack">
      <p className="muted">
        Files and programs found in a scan whose names contain one of these words are listed as “custom
        suspicious” in the results of scans that finish from now on. Case does not matter, nor do fullwidth
        letters, ligatures or invisible characters.
      </p>
      <form
        className="row keyword-add"
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <TextField
          label="New keyword"
          value={draft}
          maxLength={MAX_LENGTH}
          autoComplete="off"
          onChange={(e) => setDraft(e.target.value)}
          error={error}
        />
        <Button type="submit">Add</Button>
      </form>
      {list.length === 0 ? (
        <p className="muted">No keywords.</p>
      ) : (
        <ul className="keyword-list" aria-label="Keywords">
          {list.map((word) => (
            <li key={word}>
              <span className="wrap-anywhere">{word}</span>
              <Button
                variant="ghost"
                className="btn-small"
                aria-label={`Remove ${word}`}
                onClick={() => {
                  setList(list.filter((w) => w !== word));
                  save.reset();
                }}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p className="row">
        <Button variant="primary" busy={save.isPending} disabled={!dirty} onClick={() => save.mutate(list)}>
          Save keywords
        </Button>
        {dirty ? (
          <Button onClick={() => setList(saved.data.keywords)} disabled={save.isPending}>
            Undo changes
          </Button>
        ) : null}
      </p>
      {dirty ? <p className="muted">Unsaved changes.</p> : null}
      {save.isSuccess && !dirty ? <Notice tone="success">Keywords saved.</Notice> : null}
      {save.isError ? <Notice tone="error">{errorText(save.error)}</Notice> : null}
    </div>
  );
}
