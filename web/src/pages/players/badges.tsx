import { Badge, type Tone } from '../../components';
import type { BanEntry, PlayerStatus, RiskLevel } from './api';

const STATUS: Record<PlayerStatus, [string, Tone]> = {
  clean: ['Clean', 'success'],
  suspicious: ['Suspicious', 'warning'],
  cheating: ['Cheating', 'danger'],
  banned: ['Banned', 'danger'],
};

export function PlayerStatusBadge({ status }: { status: PlayerStatus }) {
  const [label, tone] = STATUS[status];
  return <Badge tone={tone}>{label}</Badge>;
}

const LEVEL: Record<RiskLevel, [string, Tone]> = {
  clean: ['Clean', 'success'],
  low: ['Low', 'info'],
  medium: ['Medium', 'warning'],
  high: ['High', 'danger'],
  critical: ['Critical', 'danger'],
};

export function levelLabel(level: RiskLevel): string {
  return LEVEL[level][0];
}

export function RiskLevelBadge({ level }: { level: RiskLevel }) {
  const [label, tone] = LEVEL[level];
  return <Badge tone={tone}>{label} risk</Badge>;
}

/** A ban or warning: what it is, and "Expired" in words when it no longer applies. */
export function BanBadge({ ban }: { ban: BanEntry }) {
  if (ban.isExpired || ban.status === 'expired') return <Badge tone="neutral">Expired</Badge>;
  return ban.status === 'banned' ? <Badge tone="danger">Banned</Badge> : <Badge tone="warning">Warned</Badge>;
}
