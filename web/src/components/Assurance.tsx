import type { Assurance, AssuranceLevel, ScanClient } from '../api/types';
import { Badge, type Tone } from './Badge';

const LEVEL_TONE: Record<AssuranceLevel, Tone> = { high: 'success', medium: 'warning', low: 'danger' };
const LEVEL_LABEL: Record<AssuranceLevel, string> = {
  high: 'High assurance',
  medium: 'Medium assurance',
  low: 'Low assurance',
};

/**
 * How far a result can be trusted (docs/scan-client.md, "Trust"): the words say the level, the
 * colour only repeats it; a scan finished before assurance was recorded says so.
 */
export function AssuranceBadge({ assurance }: { assurance: Assurance | null | undefined }) {
  if (assurance === undefined) return null;
  if (assurance === null) return <Badge>Assurance not recorded</Badge>;
  return <Badge tone={LEVEL_TONE[assurance.level]}>{LEVEL_LABEL[assurance.level]}</Badge>;
}

/** The scan client in words staff understand: "Official build scanpin-scan 0.1.0 linux-x64". */
export function clientWords(client: ScanClient): string {
  const named = client.name ?? client.version;
  switch (client.kind) {
    case 'official':
      return named === null ? 'Official build' : `Official build ${named}`;
    case 'third-party':
      return named === null ? 'Registered third-party scanner' : `Registered third-party scanner ${named}`;
    case 'development':
      return 'Development copy run from source';
    case 'unverified':
      return 'Unknown client';
  }
}
