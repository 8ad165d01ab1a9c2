import {
  GAME_TYPES,
  type GameType,
  PIN_STATUSES,
  type PinListFilters,
  type PinStatus,
  VERDICTS,
  type Verdict,
} from '../../api/types';

/** The filters live in the address (?status=&type=&verdict=&q=&from=&to=), so Back and links keep them. */
export interface FilterForm {
  status: PinStatus | '';
  type: GameType | '';
  verdict: Verdict | '';
  q: string;
  /** YYYY-MM-DD, the reader's local day; inclusive. */
  from: string;
  /** YYYY-MM-DD, the reader's local day; inclusive. */
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(list: readonly T[], value: string | null): T | '' {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : '';
}

export function readFilters(params: URLSearchParams): FilterForm {
  const day = (name: string) => {
    const v = params.get(name) ?? '';
    return DAY.test(v) ? v : '';
  };
  return {
    status: oneOf(PIN_STATUSES, params.get('status')),
    type: oneOf(GAME_TYPES, params.get('type')),
    verdict: oneOf(VERDICTS, params.get('verdict')),
    q: (params.get('q') ?? '').slice(0, 50),
    from: day('from'),
    to: day('to'),
  };
}

export function writeFilters(form: FilterForm): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) if (value) params.set(name, value);
  return params;
}

/** Local midnight of a YYYY-MM-DD day, plus `addDays`, as an ISO instant. */
function startOfDay(day: string, addDays = 0): string | undefined {
  const [y, m, d] = day.split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined) return undefined;
  const at = new Date(y, m - 1, d + addDays);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/** What the API is asked: the "to" day counts whole, so createdTo is the next day's midnight. */
export function toQuery(form: FilterForm, enterpriseId: number | null): PinListFilters {
  const query: PinListFilters = {};
  if (form.status) query.status = form.status;
  if (form.type) query.type = form.type;
  if (form.verdict) query.verdict = form.verdict;
  if (form.q.trim()) query.search = form.q.trim();
  const from = form.from ? startOfDay(form.from) : undefined;
  const to = form.to ? startOfDay(form.to, 1) : undefined;
  if (from) query.createdFrom = from;
  if (to) query.createdTo = to;
  if (enterpriseId !== null) query.enterpriseId = enterpriseId;
  return query;
}

export function hasFilters(form: FilterForm): boolean {
  return Object.values(form).some(Boolean);
}
