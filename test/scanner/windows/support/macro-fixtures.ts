/**
 * Settings files of mouse software, written by the tests in the layouts the public readers of each
 * format agree on (docs/scan-client.md, "Click macros"): a Razer Synapse macro, a Logitech Gaming
 * Software profile, X-Mouse Button Control settings.
 */

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export type RazerEvent =
  | { mouse: number; state: 0 | 1; delay?: number }
  | { key: number; state: 0 | 1; delay?: number }
  | { pauseSeconds: number }
  | { pauseMs: number }
  | { loop: 'start'; times: number }
  | { loop: 'end'; times: number };

export function razerMacroXml(name: string, events: RazerEvent[], version?: number): string {
  const body = events
    .map((e) => {
      if ('mouse' in e) {
        return `<MacroEvent><Type>2</Type>${e.delay === undefined ? '' : `<Delay>${e.delay}</Delay>`}<MouseEvent><MouseButton>${e.mouse}</MouseButton><State>${e.state}</State></MouseEvent></MacroEvent>`;
      }
      if ('key' in e) {
        return `<MacroEvent><Type>1</Type>${e.delay === undefined ? '' : `<Delay>${e.delay}</Delay>`}<KeyEvent><Makecode>${e.key}</Makecode><State>${e.state}</State></KeyEvent></MacroEvent>`;
      }
      if ('pauseSeconds' in e)
        return `<MacroEvent><Type>0</Type><Number>${e.pauseSeconds}</Number></MacroEvent>`;
      if ('pauseMs' in e) return `<MacroEvent><Type>6</Type><Delay>${e.pauseMs}</Delay></MacroEvent>`;
      return `<MacroEvent><Type>6</Type><Number>${e.times}</Number><LoopEvent><State>${e.loop === 'start' ? 0 : 1}</State></LoopEvent></MacroEvent>`;
    })
    .join('\n    ');
  return `<?xml version="1.0" encoding="utf-8"?>
<Macro xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <Name>${escapeXml(name)}</Name>
  <Guid>6f1c1f0e-4a3b-4c8e-9d51-3b2f6f0a7c11</Guid>
  <MacroEvents>
    ${body}
  </MacroEvents>
  <IsFolder>false</IsFolder>
  <FolderGuid>00000000-0000-0000-0000-000000000000</FolderGuid>${version === undefined ? '' : `\n  <Version>${version}</Version>`}
</Macro>
`;
}

export interface LgsMacro {
  guid: string;
  name: string;
  hidden?: boolean;
  repeatmode?: string;
  repeatdelay?: number;
  /** The inner XML of the macro (one action element). */
  action: string;
}

export interface LgsAssignment {
  contextid: string;
  shiftstate: number;
  macroguid: string;
  backup?: boolean;
}

export function lgsProfileXml(profileName: string, macros: LgsMacro[], assignments: LgsAssignment[]): string {
  const macroXml = macros
    .map(
      (m) =>
        `      <macro name="${escapeXml(m.name)}" guid="${m.guid}" hidden="${m.hidden === true}"${
          m.repeatmode === undefined ? '' : ` repeatmode="${m.repeatmode}"`
        }${m.repeatdelay === undefined ? '' : ` repeatdelay="${m.repeatdelay}"`}>\n        ${m.action}\n      </macro>`,
    )
    .join('\n');
  const assignmentXml = assignments
    .map(
      (a) =>
        `      <assignment contextid="${a.contextid}" shiftstate="${a.shiftstate}" macroguid="${a.macroguid}" backup="${a.backup === true}"/>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<profiles xmlns="http://www.logitech.com/Cassandra/2010.7/Profile">
  <profile name="${escapeXml(profileName)}" guid="{0D2C1E44-7A0B-4E43-9C5D-1F0A2B3C4D5E}">
    <target path="C:\\Games\\game.exe"/>
    <macros>
${macroXml}
    </macros>
    <assignments devicecategory="Logitech.Gaming.Mouse.G502">
${assignmentXml}
    </assignments>
  </profile>
</profiles>
`;
}

export const LGS_MULTIKEY_NS = 'http://www.logitech.com/Cassandra/2010.1/Macros/MultiKey';
export const LGS_MOUSEFUNCTION_NS = 'http://www.logitech.com/Cassandra/2010.1/Macros/MouseFunction';
export const LGS_TEXTBLOCK_NS = 'http://www.logitech.com/Cassandra/2010.2/Macros/TextBlock';

export interface XmbcMapping {
  button: string;
  keys: string;
  desc?: string;
  keyaction?: number;
  keyrepeat?: number;
}

/** Settings with a default profile (layer 1 and, optionally, a second layer) and one application profile. */
export function xmbcSettingsXml(opts: {
  defaultLayer: XmbcMapping[];
  secondLayer?: XmbcMapping[];
  application?: { exe: string; description: string; mappings: XmbcMapping[] };
  chord?: { parent: string; mapping: XmbcMapping };
}): string {
  const mapping = (m: XmbcMapping) =>
    `<${m.button} action="28" keys="${escapeXml(m.keys)}"${m.desc === undefined ? '' : ` desc="${escapeXml(m.desc)}"`}${
      m.keyaction === undefined ? '' : ` keyaction="${m.keyaction}"`
    }${m.keyrepeat === undefined ? '' : ` keyrepeat="${m.keyrepeat}"`}/>`;
  const chord =
    opts.chord === undefined
      ? ''
      : `<${opts.chord.parent} action="0"><chords>${mapping(opts.chord.mapping)}</chords></${opts.chord.parent}>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<root>
  <version>2.20</version>
  <Default>
    <Layer name="Default layer"/>
    ${opts.defaultLayer.map(mapping).join('\n    ')}
    <Right action="0"/>
    ${chord}
    ${opts.secondLayer === undefined ? '' : `<Layer1>${opts.secondLayer.map(mapping).join('')}</Layer1>`}
  </Default>
  ${
    opts.application === undefined
      ? ''
      : `<Application Name="${escapeXml(opts.application.exe)}" Description="${escapeXml(opts.application.description)}">${opts.application.mappings
          .map(mapping)
          .join('')}</Application>`
  }
</root>
`;
}
