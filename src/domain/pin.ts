import type { GameType } from './game-types.js';
import type { PinState } from './pin-lifecycle.js';
import type { StoredReport } from './scan-report.js';

/** A PIN as the rules see it: who made it, for what, and its lifecycle state as stored. */
export interface Pin {
  id: number;
  code: string;
  accountId: number;
  enterpriseId: number;
  name: string | null;
  type: GameType;
  ramDump: boolean;
  private: boolean;
  createdAt: number;
  /** Bumped by every write, so a write applies only to the state it was decided on. */
  revision: number;
  state: PinState;
}

/** A PIN with its report, present once the scan finished. */
export interface PinWithReport extends Pin {
  report: StoredReport | null;
}
