import { win32 } from '../win32.js';

/**
 * How many processes share this console (`GetConsoleProcessList`; Microsoft Learn,
 * "GetConsoleProcessList"). One means Windows made the console window for this process alone, as it
 * does for a program double-clicked in Explorer, and closes it when the program ends; a program
 * started from Command Prompt or PowerShell shares the shell's console. Null when Windows would not say.
 */
export async function consoleProcessCount(): Promise<number | null> {
  const w = await win32();
  const kernel32 = w.koffi.load('kernel32.dll');
  const getList = kernel32.func('uint32 __stdcall GetConsoleProcessList(_Out_ uint8_t* list, uint32 count)');
  // Room for 8 process ids; the answer is the whole count even when more share the console.
  const count = Number(getList(Buffer.alloc(8 * 4), 8));
  return count === 0 ? null : count;
}
