import { documentTime } from './event-time.js';
import {
  attribute,
  childElement,
  childElements,
  isElement,
  textOf,
  type XmlElement,
  type XmlNode,
} from './xml-tree.js';

/**
 * The fields of one event the scanner looks at, taken from the record's XML the way Windows' event
 * schema lays it out (Microsoft's "EventType complex type" and "SystemPropertiesType" pages): the
 * System element's provider, event id, channel and creation time, and the event's own data, either
 * EventData's Data items or the one element under UserData. The computer name and the user SID of the
 * System element are left out on purpose: nothing the scanner decides needs them.
 */

export interface EventDataItem {
  /** The Data item's Name attribute ('' when the provider names none), or the UserData child's element name. */
  name: string;
  value: string;
}

export interface EvtxEvent {
  /** The record identifier from the record header. */
  recordId: number;
  /** When the record was written (record header), ISO 8601 UTC with 100 ns ticks. */
  writtenTime: string | null;
  eventId: number | null;
  /** Classic providers' qualifiers (the high word of their event code), `null` when absent. */
  qualifiers: number | null;
  provider: string | null;
  providerGuid: string | null;
  /** The provider's legacy name (EventSourceName), when given. */
  eventSourceName: string | null;
  channel: string | null;
  level: number | null;
  /** TimeCreated's SystemTime, `null` when absent or not a time the evidence document takes. */
  timeCreated: string | null;
  /** SystemTime's text when it was there but not a time (a crafted or damaged record), else `null`. */
  timeCreatedRefused: string | null;
  /** EventRecordID as the System element states it (equal to `recordId` in an unedited log). */
  systemRecordId: number | null;
  dataSource: 'EventData' | 'UserData' | null;
  /** The element under UserData (e.g. LogFileCleared), `null` for EventData. */
  userDataElement: string | null;
  data: EventDataItem[];
}

function integerOrNull(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  const value = Number(text.trim());
  return Number.isSafeInteger(value) ? value : null;
}

function textOrNull(text: string | undefined): string | null {
  return text === undefined || text === '' ? null : text;
}

function eventDataItems(eventData: XmlElement): EventDataItem[] {
  return childElements(eventData).map((item) => ({
    name: item.name === 'Data' ? (attribute(item, 'Name') ?? '') : item.name,
    value: textOf(item),
  }));
}

/** The event of a record whose XML is `nodes`; `null` when it holds no Event element. */
export function eventFromXml(
  nodes: XmlNode[],
  recordId: number,
  writtenTime: string | null,
): EvtxEvent | null {
  const root = nodes.find((node): node is XmlElement => isElement(node) && node.name === 'Event');
  if (root === undefined) return null;
  const system = childElement(root, 'System');
  const provider = system === undefined ? undefined : childElement(system, 'Provider');
  const eventIdElement = system === undefined ? undefined : childElement(system, 'EventID');
  const field = (name: string) => (system === undefined ? undefined : childElement(system, name));
  const eventData = childElement(root, 'EventData');
  const userData = childElement(root, 'UserData');
  const userDataChild = userData === undefined ? undefined : childElements(userData)[0];
  const systemTime = textOrNull(attribute(field('TimeCreated'), 'SystemTime'));
  const timeCreated = documentTime(systemTime);
  return {
    recordId,
    writtenTime,
    eventId: integerOrNull(eventIdElement === undefined ? undefined : textOf(eventIdElement)),
    qualifiers: integerOrNull(attribute(eventIdElement, 'Qualifiers')),
    provider: textOrNull(attribute(provider, 'Name')),
    providerGuid: textOrNull(attribute(provider, 'Guid')),
    eventSourceName: textOrNull(attribute(provider, 'EventSourceName')),
    channel: textOrNull(textOf(field('Channel'))),
    level: integerOrNull(textOf(field('Level'))),
    timeCreated,
    timeCreatedRefused: timeCreated === null ? systemTime : null,
    systemRecordId: integerOrNull(textOf(field('EventRecordID'))),
    dataSource: eventData !== undefined ? 'EventData' : userData !== undefined ? 'UserData' : null,
    userDataElement: userDataChild?.name ?? null,
    data:
      eventData !== undefined
        ? eventDataItems(eventData)
        : userDataChild !== undefined
          ? childElements(userDataChild).map((item) => ({ name: item.name, value: textOf(item) }))
          : [],
  };
}
