import { type EvtxValue, filetimeOf, type NestedEvent, v } from './evtx-values.js';
import type { RecordSpec, Substitution, TemplateElement, TemplateSpec } from './evtx-writer.js';

/**
 * Event records shaped like Windows writes them (Microsoft's event schema: Event/System with Provider,
 * EventID, Version, Level, Task, Opcode, Keywords, TimeCreated, EventRecordID, Correlation, Execution,
 * Channel, Computer, Security; then EventData's Data items or one UserData element). Events of the
 * same shape share one template, so a chunk defines it once and later records refer to it.
 */

export interface EventSpec {
  recordId: number;
  /** ISO 8601 time of TimeCreated (and the record's written time). */
  time: string;
  /** Extra 100 ns ticks on top of `time`, to check the sub-millisecond part. */
  ticks?: bigint;
  /** TimeCreated's value when it is not `time` as a FILETIME: a crafted record's string or SYSTEMTIME. */
  timeCreated?: EvtxValue;
  provider: string;
  providerGuid?: string;
  eventSourceName?: string;
  eventId: number;
  qualifiers?: number;
  level?: number;
  channel: string;
  computer?: string;
  userSid?: string;
  /** EventData's Data items: a name (null for an unnamed item) and a typed value. */
  eventData?: [string | null, EvtxValue][];
  /** EventData's Binary element (classic providers). */
  binary?: Uint8Array;
  /** One element under UserData, stored as a nested BinXml value with its own template. */
  userData?: { element: string; xmlns: string; items: [string, EvtxValue][] };
}

const s = (sub: number, type: number): Substitution => ({ sub, type, optional: true });
const SYSTEM_VALUES = 17;

function systemElement(): TemplateElement {
  return {
    name: 'System',
    children: [
      {
        name: 'Provider',
        attributes: [
          ['Name', s(0, 0x01)],
          ['Guid', s(1, 0x0f)],
          ['EventSourceName', s(2, 0x01)],
        ],
      },
      { name: 'EventID', attributes: [['Qualifiers', s(3, 0x06)]], children: [s(4, 0x06)] },
      { name: 'Version', children: [s(5, 0x04)] },
      { name: 'Level', children: [s(6, 0x04)] },
      { name: 'Task', children: [s(7, 0x06)] },
      { name: 'Opcode', children: [s(8, 0x04)] },
      { name: 'Keywords', children: [s(9, 0x15)] },
      { name: 'TimeCreated', attributes: [['SystemTime', s(10, 0x11)]] },
      { name: 'EventRecordID', children: [s(11, 0x0a)] },
      { name: 'Correlation' },
      {
        name: 'Execution',
        attributes: [
          ['ProcessID', s(12, 0x08)],
          ['ThreadID', s(13, 0x08)],
        ],
      },
      { name: 'Channel', children: [s(14, 0x01)] },
      { name: 'Computer', children: [s(15, 0x01)] },
      { name: 'Security', attributes: [['UserID', s(16, 0x13)]] },
    ],
  };
}

const templates = new Map<string, TemplateSpec>();
let nextGuid = 1;

function templateFor(key: string, build: () => TemplateElement): TemplateSpec {
  let template = templates.get(key);
  if (template === undefined) {
    const n = (nextGuid++).toString(16).padStart(8, '0');
    template = { guid: `{${n.toUpperCase()}-0000-4000-8000-00000000E7E7}`, root: build() };
    templates.set(key, template);
  }
  return template;
}

function eventTemplate(spec: EventSpec): TemplateSpec {
  const data = spec.eventData ?? [];
  const key = JSON.stringify({
    data: data.map(([name]) => name),
    binary: spec.binary !== undefined,
    userData: spec.userData !== undefined,
  });
  return templateFor(key, () => {
    const body: TemplateElement =
      spec.userData !== undefined
        ? { name: 'UserData', children: [s(SYSTEM_VALUES, 0x21)] }
        : {
            name: 'EventData',
            children: [
              ...data.map(
                ([name], index): TemplateElement => ({
                  name: 'Data',
                  ...(name === null ? {} : { attributes: [['Name', name]] as [string, string][] }),
                  children: [s(SYSTEM_VALUES + index, 0x01)],
                }),
              ),
              ...(spec.binary !== undefined
                ? [{ name: 'Binary', children: [s(SYSTEM_VALUES + data.length, 0x0e)] }]
                : []),
            ],
          };
    return {
      name: 'Event',
      attributes: [['xmlns', 'http://schemas.microsoft.com/win/2004/08/events/event']],
      children: [systemElement(), body],
    };
  });
}

function userDataValue(userData: NonNullable<EventSpec['userData']>): NestedEvent {
  const key = JSON.stringify({ element: userData.element, items: userData.items.map(([name]) => name) });
  const template = templateFor(key, () => ({
    name: userData.element,
    attributes: [['xmlns', userData.xmlns]],
    children: userData.items.map(([name], index) => ({ name, children: [s(index, 0x01)] })),
  }));
  return { type: 0x21, template, values: userData.items.map(([, value]) => value) };
}

export function eventRecord(spec: EventSpec): RecordSpec {
  const written = filetimeOf(spec.time, spec.ticks ?? 0n);
  const values = [
    v.string(spec.provider),
    spec.providerGuid !== undefined ? v.guid(spec.providerGuid) : v.null(),
    spec.eventSourceName !== undefined ? v.string(spec.eventSourceName) : v.null(),
    spec.qualifiers !== undefined ? v.uint16(spec.qualifiers) : v.null(),
    v.uint16(spec.eventId),
    v.uint8(0),
    v.uint8(spec.level ?? 4),
    v.uint16(0),
    v.uint8(0),
    v.hex64(0x8080000000000000n),
    spec.timeCreated ?? v.filetime(written),
    v.uint64(BigInt(spec.recordId)),
    v.uint32(812),
    v.uint32(4120),
    v.string(spec.channel),
    v.string(spec.computer ?? 'TEST-PC'),
    spec.userSid !== undefined ? v.sid(spec.userSid) : v.null(),
    ...(spec.userData !== undefined
      ? [userDataValue(spec.userData)]
      : [
          ...(spec.eventData ?? []).map(([, value]) => value),
          ...(spec.binary !== undefined ? [v.binary(spec.binary)] : []),
        ]),
  ];
  return { recordId: spec.recordId, written, template: eventTemplate(spec), values };
}
