import type { EvidenceDocument } from '../evidence.js';
import type { Signal } from '../windows-signals.js';

/**
 * Signals from the modules loaded in the game processes (docs/scan-client.md, "Modules in the game
 * process"). A module with no embedded signature proves nothing by itself (Windows' own DLLs are
 * catalog-signed and read `unsigned`, and many games and libraries ship unsigned DLLs), so only one
 * from a folder an ordinary user can write to is a signal; a self-signed one likewise; a signature
 * that no longer matches its file is a signal wherever the file is. Each proves this game session:
 * the module was in the running game's process.
 */
export const MODULE_SIGNAL_CODES = [
  'module-unsigned-user-writable',
  'module-self-signed-user-writable',
  'module-signature-invalid',
] as const;

type ModuleSignalCode = (typeof MODULE_SIGNAL_CODES)[number];

const WORDS: Record<ModuleSignalCode, string> = {
  'module-unsigned-user-writable': 'unsigned',
  'module-self-signed-user-writable': 'self-signed',
  'module-signature-invalid': 'signature does not match the file',
};

export function* moduleSignals(doc: EvidenceDocument): Generator<Signal> {
  const modules = doc.sources.modules;
  if (modules === undefined || modules.status !== 'collected') return;
  const names = new Map(modules.processes.map((p) => [p.pid, p.process]));
  for (const [index, m] of modules.items.entries()) {
    let code: ModuleSignalCode | null = null;
    if (m.verdict === 'invalid') code = 'module-signature-invalid';
    else if (m.userWritable === true && m.verdict === 'unsigned') code = 'module-unsigned-user-writable';
    else if (m.userWritable === true && m.verdict === 'self-signed')
      code = 'module-self-signed-user-writable';
    if (code === null) continue;
    const loadedIn = m.pids.map((pid) => `${names.get(pid) ?? 'process'} (pid ${pid})`).join(', ');
    const signer = m.signature.signer === null ? '' : ` by ${m.signature.signer}`;
    yield {
      code,
      proves: 'this-session',
      where: `${m.path} (${WORDS[code]}${code === 'module-unsigned-user-writable' ? '' : signer}; loaded in ${loadedIn})`,
      ref: { source: 'modules', index, value: m.path },
    };
  }
}
