import { useEffect, useState } from 'react';
import { GAME_TYPES, PIN_STATUSES, VERDICTS } from '../../api/types';
import { Button, SelectField, TextField } from '../../components';
import type { FilterForm } from './filters';

const STATUS_OPTIONS: Array<[string, string]> = [
  ['', 'Any status'],
  ...PIN_STATUSES.map((s): [string, string] => [
    s,
    s === 'error' ? 'Failed' : s[0]?.toUpperCase() + s.slice(1),
  ]),
];
const GAME_OPTIONS: Array<[string, string]> = [
  ['', 'Any game'],
  ...GAME_TYPES.map((g): [string, string] => [g, g]),
];
const VERDICT_OPTIONS: Array<[string, string]> = [
  ['', 'Any verdict'],
  ...VERDICTS.map((v): [string, string] => [v, v[0]?.toUpperCase() + v.slice(1)]),
];

/**
 * Filters for the PIN list. Selects and dates apply at once; the search box applies after a short
 * pause in typing (or on Enter), so each key press does not start a request.
 */
export function PinFilters({
  value,
  onChange,
  onClear,
}: {
  value: FilterForm;
  onChange: (next: FilterForm) => void;
  onClear: () => void;
}) {
  const [q, setQ] = useState(value.q);
  useEffect(() => setQ(value.q), [value.q]);
  useEffect(() => {
    if (q === value.q) return;
    const timer = setTimeout(() => onChange({ ...value, q }), 350);
    return () => clearTimeout(timer);
  }, [q, value, onChange]);

  return (
    <search className="card">
      <form
        className="filters"
        aria-label="Filter PINs"
        onSubmit={(e) => {
          e.preventDefault();
          onChange({ ...value, q });
        }}
      >
        <TextField
          label="Search"
          type="search"
          placeholder="Code or name"
          maxLength={50}
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <SelectField
          label="Status"
          options={STATUS_OPTIONS}
          value={value.status}
          onChange={(e) => onChange({ ...value, status: e.target.value as FilterForm['status'] })}
        />
        <SelectField
          label="Game"
          options={GAME_OPTIONS}
          value={value.type}
          onChange={(e) => onChange({ ...value, type: e.target.value as FilterForm['type'] })}
        />
        <SelectField
          label="Verdict"
          options={VERDICT_OPTIONS}
          value={value.verdict}
          onChange={(e) => onChange({ ...value, verdict: e.target.value as FilterForm['verdict'] })}
        />
        <TextField
          label="Created from"
          type="date"
          value={value.from}
          max={value.to || undefined}
          onChange={(e) => onChange({ ...value, from: e.target.value })}
        />
        <TextField
          label="Created until"
          type="date"
          value={value.to}
          min={value.from || undefined}
          onChange={(e) => onChange({ ...value, to: e.target.value })}
        />
        <div className="row">
          <Button type="submit" className="visually-hidden">
            Apply search
          </Button>
          <Button variant="ghost" onClick={onClear}>
            Clear filters
          </Button>
        </div>
      </form>
    </search>
  );
}
