import type { ReactNode } from 'react';
import { Badge, type Tone } from '../../components';
import type { EvidenceSources } from './evidence-api';
import { count, formatBytes, itemId } from './evidence-words';

type ModulesSection = NonNullable<EvidenceSources['modules']>;
type ModuleItem = ModulesSection['items'][number];

/*
 * The modules loaded in the game processes (docs/scan-client.md, "Modules in the game process"): the
 * Windows ones are only counted; each other one with its folder kind and Authenticode verdict. An
 * unsigned module proves nothing by itself (Windows' own DLLs are catalog-signed and read unsigned);
 * the findings above say which ones the rules flagged.
 */

const VERDICT: Record<ModuleItem['verdict'], [string, Tone]> = {
  'signed-valid': ['Signed', 'success'],
  'self-signed': ['Self-signed', 'warning'],
  unsigned: ['Unsigned', 'neutral'],
  invalid: ['Signature does not match', 'danger'],
  unverifiable: ['Signature not checkable', 'neutral'],
  unreadable: ['Not a readable PE file', 'neutral'],
  'not-read': ['Not read', 'neutral'],
};

const FOLDER: Record<ModuleItem['folder'], string> = {
  'windows-writable': 'a folder under Windows that users may write to',
  'program-files': 'Program Files',
  'program-data': 'ProgramData',
  temp: 'the temp folder',
  'user-profile': 'the user’s profile',
  elsewhere: 'elsewhere',
};

function Writable({ value }: { value: boolean | null }): ReactNode {
  if (value === null) return <span className="muted">depends on the folder’s permissions</span>;
  return value ? <Badge tone="warning">user-writable</Badge> : <span className="muted">admin only</span>;
}

export function LoadedModules({ section }: { section: ModulesSection }) {
  const names = new Map(section.processes.map((p) => [p.pid, p.process]));
  return (
    <>
      <ul className="plain-list">
        {section.processes.map((p) => (
          <li key={p.pid}>
            {p.process} <span className="muted">(pid {p.pid})</span>:{' '}
            {p.readable
              ? `${count(p.listed)} module${p.listed === 1 ? '' : 's'} listed below, ${count(p.systemModules)} from the Windows folder counted only${p.truncated ? '; more than the caps allow, the rest left out' : ''}.`
              : (p.reason ?? 'its modules could not be listed.')}
          </li>
        ))}
      </ul>
      {section.items.length === 0 ? (
        <p className="muted">No module outside the Windows folder was loaded.</p>
      ) : (
        <ul className="plain-list stack">
          {section.items.map((m, i) => {
            const id = itemId('modules', i);
            const [label, tone] = VERDICT[m.verdict];
            return (
              <li key={id} id={id} tabIndex={-1} className="stack">
                <h4 className="mono wrap-anywhere">
                  {m.path} <Badge tone={tone}>{label}</Badge>
                </h4>
                <dl className="facts">
                  <div>
                    <dt>Folder</dt>
                    <dd>
                      {FOLDER[m.folder]} · <Writable value={m.userWritable} />
                    </dd>
                  </div>
                  <div>
                    <dt>Signer</dt>
                    <dd>
                      {m.signature.signer ?? '—'}
                      {m.signature.issuer && m.signature.issuer !== m.signature.signer
                        ? ` (issued by ${m.signature.issuer})`
                        : ''}
                    </dd>
                  </div>
                  <div>
                    <dt>Size</dt>
                    <dd>{m.fileSize === null ? '—' : formatBytes(m.fileSize)}</dd>
                  </div>
                  <div>
                    <dt>SHA-256</dt>
                    <dd>
                      {m.sha256 === null ? (
                        <span className="muted">—</span>
                      ) : (
                        <code className="small wrap-anywhere">{m.sha256}</code>
                      )}
                    </dd>
                  </div>
                  <div>
                    <dt>Loaded in</dt>
                    <dd>{m.pids.map((pid) => `${names.get(pid) ?? 'process'} (pid ${pid})`).join(', ')}</dd>
                  </div>
                </dl>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
