import { describe, expect, it } from 'vitest';
import { span } from '../../src/domain/evidence-report.js';
import { idleMessage } from '../../src/domain/pin-lifecycle.js';
import { plural } from '../../src/domain/plural.js';

describe('plural', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect(plural(1, 'minute')).toBe('1 minute');
    expect(plural(0, 'minute')).toBe('0 minutes');
    expect(plural(2, 'minute')).toBe('2 minutes');
    expect(plural(1, 'entry', 'entries')).toBe('1 entry');
    expect(plural(5, 'entry', 'entries')).toBe('5 entries');
  });

  it('is what the spans of the reports say', () => {
    expect(span(1_000)).toBe('1 second');
    expect(span(61_000)).toBe('1 minute');
    expect(span(3_600_000 + 120_000)).toBe('1 hour 2 minutes');
    expect(span(86_400_000 + 3_600_000)).toBe('1 day 1 hour');
  });

  it('is what an abandoned scan says of its idle time', () => {
    expect(idleMessage(60_000)).toContain('sent nothing for 1 minute,');
    expect(idleMessage(1_000)).toContain('sent nothing for 1 second,');
    expect(idleMessage(20_000)).toContain('sent nothing for 20 seconds,');
  });
});
