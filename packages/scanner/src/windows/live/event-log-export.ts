import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_ACCESS_DENIED, win32 } from '../win32.js';

/**
 * A copy of a live event log through the event log service itself (wevtapi.dll `EvtExportLog`,
 * Microsoft's "EvtExportLog function" page): on a running Windows the service holds the `.evtx` file
 * open, and reading it directly may be refused. The export is written to a temporary folder, read
 * and deleted. The Security log needs administrator rights (or the Event Log Readers group).
 */

/** `EvtExportLogChannelPath`: `path` names a channel (`System`), not a file (winevt.h). */
const EVT_EXPORTLOG_CHANNEL_PATH = 0x1;
const ERROR_EVT_CHANNEL_NOT_FOUND = 15007;
/** Wine 8's wevtapi.dll answers this: the call is a stub there. */
const ERROR_CALL_NOT_IMPLEMENTED = 120;

export class LiveLogExportError extends Error {
  constructor(
    message: string,
    readonly code: 'denied' | 'missing' | 'failed',
  ) {
    super(message);
  }
}

export async function exportLiveLog(channel: string): Promise<Uint8Array> {
  const w = await win32();
  // biome-ignore lint/suspicious/noExplicitAny: koffi function objects are untyped.
  const EvtExportLog: (...a: any[]) => boolean = w.koffi
    .load('wevtapi.dll')
    .func('bool __stdcall EvtExportLog(void* session, str16 path, str16 query, str16 target, uint32 flags)');
  const dir = await mkdtemp(join(tmpdir(), 'scanpin-evtx-'));
  try {
    const target = join(dir, `${channel}.evtx`);
    if (!EvtExportLog(null, channel, '*', target, EVT_EXPORTLOG_CHANNEL_PATH)) {
      const error = w.GetLastError() as number;
      if (error === ERROR_ACCESS_DENIED) {
        throw new LiveLogExportError(`Copying the ${channel} log needs administrator rights.`, 'denied');
      }
      if (error === ERROR_EVT_CHANNEL_NOT_FOUND) {
        throw new LiveLogExportError(`Windows has no ${channel} log (error ${error}).`, 'missing');
      }
      if (error === ERROR_CALL_NOT_IMPLEMENTED) {
        throw new LiveLogExportError(
          `This Windows cannot copy event logs (EvtExportLog: error ${error}, not implemented).`,
          'failed',
        );
      }
      throw new LiveLogExportError(
        `The event log service could not copy the ${channel} log (error ${error}).`,
        'failed',
      );
    }
    return await readFile(target);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
