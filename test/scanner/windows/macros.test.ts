import { beforeAll, describe, expect, it } from 'vitest';
import { parseAutoHotkeyScript } from '../../../packages/scanner/src/windows/macros/autohotkey.js';
import { parseLogitechProfile } from '../../../packages/scanner/src/windows/macros/logitech-lgs.js';
import type { MacroFacts, MacroFileReading } from '../../../packages/scanner/src/windows/macros/macro.js';
import { parseRazerMacro } from '../../../packages/scanner/src/windows/macros/razer.js';
import { FAST_CLICK_INTERVAL_MS } from '../../../packages/scanner/src/windows/macros/timing.js';
import { parseXmbcSettings } from '../../../packages/scanner/src/windows/macros/xmbc.js';
import { parseXml } from '../../../packages/scanner/src/windows/macros/xml.js';
import {
  LGS_MOUSEFUNCTION_NS,
  LGS_MULTIKEY_NS,
  LGS_TEXTBLOCK_NS,
  lgsProfileXml,
  razerMacroXml,
  xmbcSettingsXml,
} from './support/macro-fixtures.js';
import { requireXmllint, xmllintWellFormed, xpath } from './support/xmllint.js';

/**
 * The click-macro readers on settings files the tests write in each vendor's layout (as the public
 * readers cited in the readers' comments describe them), with libxml2's `xmllint` as the
 * independent reader: what it finds by XPath in the same bytes is what our readers must count.
 */

const utf8 = (text: string) => new TextEncoder().encode(text);
/** Typed text in a macro: it must never appear in what a reader returns. */
const SECRET = 'hunter2-do-not-leak';

function macrosOf(reading: MacroFileReading): MacroFacts[] {
  if (!reading.ok) throw new Error(`unreadable: ${reading.reason}`);
  return reading.macros;
}

/** How many macros a reading counted without keeping them (they press no mouse button). */
function withoutClicksOf(reading: MacroFileReading): number {
  if (!reading.ok) throw new Error(`unreadable: ${reading.reason}`);
  return reading.withoutClicks;
}

beforeAll(() => requireXmllint());

describe('the XML reader agrees with xmllint', () => {
  const documents = [
    '<a x="1"><b>t&amp;x&#65;&#x42;</b><!-- c --><![CDATA[<raw>]]><c/></a>',
    '<?xml version="1.0"?>\n<ns:a xmlns:ns="urn:x" ns:y=\'2\'><ns:b/></ns:a>',
    '<a><b></a>',
    '<a x=1/>',
    '<a>&nope;</a>',
    '<a></a><b/>',
    '<a x="1" x="2"/>',
    'text',
  ];
  for (const doc of documents) {
    it(`well-formed or not: ${JSON.stringify(doc).slice(0, 50)}`, () => {
      expect(parseXml(doc).ok).toBe(xmllintWellFormed(doc));
    });
  }

  it('refuses a document type declaration that xmllint would expand', () => {
    const bomb = '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e "xx">]><a>&e;</a>';
    expect(xmllintWellFormed(bomb)).toBe(true);
    const parsed = parseXml(bomb);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toContain('document type declaration');
  });

  it('reads text and attributes as xmllint does', () => {
    const doc = '<r><e k="a&lt;b&quot;">one &amp; two</e></r>';
    const parsed = parseXml(doc);
    if (!parsed.ok) throw new Error(parsed.reason);
    const e = parsed.root.children[0];
    expect(e?.attributes.k).toBe(xpath(doc, 'string(/r/e/@k)'));
    expect(e?.text).toBe(xpath(doc, 'string(/r/e)'));
  });
});

describe('Razer Synapse macros', () => {
  it('an auto-clicker loop: 100 left clicks 10 ms down and 10 ms up is 50 clicks per second', () => {
    const xml = razerMacroXml('AutoClick', [
      { loop: 'start', times: 100 },
      { mouse: 1, state: 0 },
      { mouse: 1, state: 1, delay: 10 },
      { pauseMs: 10 },
      { loop: 'end', times: 100 },
    ]);
    const [macro] = macrosOf(parseRazerMacro(utf8(xml)));
    const downsPerPass = Number(
      xpath(xml, 'count(/Macro/MacroEvents/MacroEvent[Type="2"]/MouseEvent[State="0"])'),
    );
    const passes = Number(xpath(xml, 'string(/Macro/MacroEvents/MacroEvent[LoopEvent/State="0"]/Number)'));
    expect(macro).toMatchObject({
      program: 'Razer Synapse',
      name: xpath(xml, 'string(/Macro/Name)'),
      clicks: downsPerPass * passes,
      buttons: ['left'],
      shortestClickIntervalMs: 20,
      clicksPerSecond: 50,
      repeat: 'unknown',
      fastClicks: true,
    });
  });

  it('a slow macro (a click every 100 ms, Type 0 pauses in seconds) is not fast', () => {
    const xml = razerMacroXml('Slow', [
      { mouse: 1, state: 0 },
      { mouse: 1, state: 1 },
      { pauseSeconds: 0.1 },
      { mouse: 1, state: 0 },
      { mouse: 1, state: 1 },
      { pauseSeconds: 0.1 },
      { mouse: 2, state: 0 },
      { mouse: 2, state: 1 },
    ]);
    const [macro] = macrosOf(parseRazerMacro(utf8(xml)));
    expect(macro).toMatchObject({
      clicks: 3,
      buttons: ['left', 'right'],
      shortestClickIntervalMs: 100,
      fastClicks: false,
    });
  });

  it('numbers buttons from 0 in Version 4 files, and counts keys without keeping them', () => {
    const xml = razerMacroXml(
      'Keys',
      [
        { key: 30, state: 0 },
        { key: 30, state: 1, delay: 5 },
        { key: 48, state: 0, delay: 5 },
        { key: 48, state: 1, delay: 5 },
        { mouse: 0, state: 0, delay: 5 },
        { mouse: 0, state: 1, delay: 5 },
      ],
      4,
    );
    const [macro] = macrosOf(parseRazerMacro(utf8(xml)));
    expect(macro?.otherActions).toBe(Number(xpath(xml, 'count(//KeyEvent[State="0"])')));
    expect(macro).toMatchObject({
      clicks: 1,
      buttons: ['left'],
      shortestClickIntervalMs: null,
      fastClicks: false,
    });
  });

  it('counts a macro of keys only without keeping its name, which may be what it types', () => {
    const xml = razerMacroXml(SECRET, [
      { key: 30, state: 0 },
      { key: 30, state: 1, delay: 5 },
    ]);
    expect(Number(xpath(xml, 'count(//MouseEvent)'))).toBe(0);
    const reading = parseRazerMacro(utf8(xml));
    expect(macrosOf(reading)).toEqual([]);
    expect(withoutClicksOf(reading)).toBe(1);
    expect(JSON.stringify(reading)).not.toContain(SECRET);
  });

  it('says why a file is not a Razer macro', () => {
    const reading = parseRazerMacro(utf8('<Other/>'));
    expect(reading).toEqual({ ok: false, reason: 'not a Razer macro: the root is <Other>' });
    expect(parseRazerMacro(utf8('<Macro><Name>x</Name>')).ok).toBe(false);
  });
});

describe('Logitech Gaming Software profiles', () => {
  const macros = [
    {
      guid: '{A1}',
      name: 'Rapid fire',
      repeatmode: 'pressed',
      repeatdelay: 15,
      action: `<mousefunction xmlns="${LGS_MOUSEFUNCTION_NS}"><do task="leftclick"/></mousefunction>`,
    },
    {
      guid: '{B2}',
      name: `Login ${SECRET}`,
      action: `<textblock xmlns="${LGS_TEXTBLOCK_NS}"><text>${SECRET}</text></textblock>`,
    },
    {
      guid: '{C3}',
      name: `Combo ${SECRET}`,
      repeatmode: 'toggle',
      repeatdelay: 100,
      action: `<multikey xmlns="${LGS_MULTIKEY_NS}"><key value="E" direction="down"/><delay milliseconds="10"/><key value="E" direction="up"/></multikey>`,
    },
    {
      guid: '{D4}',
      name: 'G5',
      hidden: true,
      action: '<natural xmlns="http://www.logitech.com/Cassandra/2010.1/Macros/Natural"/>',
    },
  ];
  const xml = lgsProfileXml('Shooter', macros, [
    { contextid: 'G4', shiftstate: 1, macroguid: '{A1}' },
    { contextid: 'G6', shiftstate: 2, macroguid: '{B2}', backup: true },
    { contextid: 'G7', shiftstate: 1, macroguid: '{C3}' },
  ]);

  it('reads every clicking macro in use, bound to its button, as xmllint finds them', () => {
    const reading = parseLogitechProfile(utf8(xml));
    const read = macrosOf(reading);
    const inUse = '//*[local-name()="macro"][@hidden="false"]';
    const clicking = Number(xpath(xml, `count(${inUse}[*[local-name()="mousefunction"]])`));
    expect(read.length).toBe(clicking);
    expect(withoutClicksOf(reading)).toBe(Number(xpath(xml, `count(${inUse})`)) - clicking);
    const rapid = read.find((m) => m.name === 'Rapid fire');
    const context = xpath(xml, 'string(//*[local-name()="assignment"][@macroguid="{A1}"]/@contextid)');
    expect(rapid).toMatchObject({
      profile: xpath(xml, 'string(//*[local-name()="profile"]/@name)'),
      boundTo: `Mouse.G502 ${context} (M1)`,
      clicks: 1,
      repeat: 'while-held',
      shortestClickIntervalMs: Number(
        xpath(xml, 'string(//*[local-name()="macro"][@guid="{A1}"]/@repeatdelay)'),
      ),
      clicksPerSecond: 66.7,
      fastClicks: true,
    });
  });

  it('counts a key sequence and a text block without keeping their names or what they type', () => {
    const reading = parseLogitechProfile(utf8(xml));
    expect(macrosOf(reading).map((m) => m.name)).toEqual(['Rapid fire']);
    expect(withoutClicksOf(reading)).toBe(2);
    expect(JSON.stringify(reading)).not.toContain(SECRET);
    expect(JSON.stringify(reading)).not.toContain('Combo');
  });

  it('a toggle repeating one click every 60 ms is not fast', () => {
    const slow = lgsProfileXml(
      'P',
      [
        {
          guid: '{E5}',
          name: 'Slow',
          repeatmode: 'toggle',
          repeatdelay: 60,
          action: `<mousefunction xmlns="${LGS_MOUSEFUNCTION_NS}"><do task="rightclick"/></mousefunction>`,
        },
      ],
      [{ contextid: 'G8', shiftstate: 1, macroguid: '{E5}' }],
    );
    const [macro] = macrosOf(parseLogitechProfile(utf8(slow)));
    expect(macro).toMatchObject({ buttons: ['right'], shortestClickIntervalMs: 60, fastClicks: false });
  });
});

describe('X-Mouse Button Control settings', () => {
  const xml = xmbcSettingsXml({
    defaultLayer: [
      {
        button: 'Middle',
        keys: '{LMB}{WAITMS:10}{LMB}{WAITMS:10}{LMB}',
        desc: `triple ${SECRET}`,
        keyaction: 3,
        keyrepeat: 5,
      },
    ],
    secondLayer: [{ button: 'XLeft', keys: `${SECRET}{ENTER}`, desc: `types ${SECRET}` }],
    application: {
      exe: 'javaw.exe',
      description: `Minecraft ${SECRET}`,
      mappings: [{ button: 'XRight', keys: '{LMBD}{WAITMS:80}{LMBU}' }],
    },
    chord: { parent: 'Left', mapping: { button: 'Right', keys: '{RMB}' } },
  });

  it('finds every simulated-keystroke mapping xmllint finds: the clicking ones with their layer and profile', () => {
    const reading = parseXmbcSettings(utf8(xml));
    const read = macrosOf(reading);
    const clicking = '//*[@action="28"][contains(@keys, "{LMB") or contains(@keys, "{RMB")]';
    expect(read.length).toBe(Number(xpath(xml, `count(${clicking})`)));
    expect(withoutClicksOf(reading)).toBe(Number(xpath(xml, 'count(//*[@action="28"])')) - read.length);
    expect(read.map((m) => [m.profile, m.boundTo])).toEqual([
      ['Default', 'Layer 1 / Middle'],
      ['Default', 'Layer 1 / chord Left+Right'],
      ['javaw.exe', 'Layer 1 / XRight'],
    ]);
  });

  it('keeps no description the owner wrote, of a mapping or of an application profile', () => {
    const reading = parseXmbcSettings(utf8(xml));
    expect(xpath(xml, 'string(/root/Default/Middle/@desc)')).toContain(SECRET);
    expect(macrosOf(reading).map((m) => m.name)).toEqual(Array(3).fill('simulated keystrokes'));
    expect(JSON.stringify(reading)).not.toContain(SECRET);
    expect(JSON.stringify(reading)).not.toContain('triple');
    expect(JSON.stringify(reading)).not.toContain('Minecraft');
  });

  it('measures the clicks in the keystrokes, and reports the undocumented repeat settings as written', () => {
    const [triple, chord, held] = macrosOf(parseXmbcSettings(utf8(xml)));
    const keys = xpath(xml, 'string(/root/Default/Middle/@keys)');
    expect(triple).toMatchObject({
      name: 'simulated keystrokes',
      clicks: keys.split('{LMB}').length - 1,
      shortestClickIntervalMs: 10,
      clicksPerSecond: 100,
      repeat: 'unknown',
      fastClicks: true,
    });
    expect(triple?.note).toContain('keyaction=3, keyrepeat=5');
    expect(chord).toMatchObject({ clicks: 1, buttons: ['right'], fastClicks: false });
    expect(held).toMatchObject({ clicks: 1, fastClicks: false });
    expect(JSON.stringify(macrosOf(parseXmbcSettings(utf8(xml))))).not.toContain(SECRET);
  });

  it('says why another XML file is not XMBC settings', () => {
    expect(parseXmbcSettings(utf8('<profiles/>'))).toEqual({
      ok: false,
      reason: 'not X-Mouse Button Control settings: the root is <profiles>',
    });
  });
});

describe('AutoHotkey scripts (a text heuristic)', () => {
  const read = (script: string) => macrosOf(parseAutoHotkeyScript(utf8(script), 'clicker.ahk'));

  it('a toggled timer clicking every 25 ms (v1 syntax) is 40 clicks per second, bound to its hotkey', () => {
    const [macro] = read(`#Persistent
toggle := false
F8::
toggle := !toggle ; flip
if (toggle)
    SetTimer, DoClick, 25
else
    SetTimer, DoClick, Off
return

DoClick:
Click
return
`);
    expect(macro).toMatchObject({
      program: 'AutoHotkey',
      profile: 'clicker.ahk',
      boundTo: 'F8',
      clicks: 1,
      repeat: 'until-stopped',
      shortestClickIntervalMs: 25,
      clicksPerSecond: 40,
      fastClicks: true,
    });
  });

  it('a loop while the button is held (v2 syntax), 10 ms apart, is fast', () => {
    const [macro] = read(`~LButton:: {
    while GetKeyState("LButton", "P") {
        Click
        Sleep 10
    }
}
`);
    expect(macro).toMatchObject({
      boundTo: '~LButton',
      repeat: 'while-held',
      shortestClickIntervalMs: 10,
      fastClicks: true,
    });
  });

  it('a random pause uses its smallest value; a pause the text does not fix leaves the timing unknown', () => {
    const [random] = read(`XButton1::
Loop
{
    Random, r, 60, 90
    Click, right
    Sleep, %r%
}
return
`);
    expect(random).toMatchObject({
      buttons: ['right'],
      shortestClickIntervalMs: 60,
      fastClicks: false,
      repeat: 'until-stopped',
    });
    const [unknown] = read(`F1::
Loop 50 {
    Click
    Sleep, wait * 2
}
`);
    expect(unknown).toMatchObject({
      repeat: 'times',
      repeatTimes: 50,
      shortestClickIntervalMs: null,
      fastClicks: false,
    });
    expect(unknown?.note).toContain('timing is unknown');
  });

  it('counts what Send types without keeping it, and ignores commented-out clicks and scripts without clicks', () => {
    const [macro] = read(`F2::
Loop 3
{
    Send, ${SECRET}{Enter}
    SendInput {LButton}
    ; Click
    /*
    Click
    */
    Sleep 30
}
`);
    expect(macro).toMatchObject({
      clicks: 1,
      otherActions: 1,
      shortestClickIntervalMs: 30,
      repeat: 'times',
      fastClicks: true,
    });
    expect(JSON.stringify(macro)).not.toContain(SECRET);
    expect(read('F3::\nSend, hello\nreturn\n')).toEqual([]);
    expect(read('F4::\nLoop 3\n  Send, abc\n')).toEqual([]);
  });

  it('counts each outermost loop and each timer that clicks nothing, and keeps nothing of them', () => {
    const reading = parseAutoHotkeyScript(
      utf8(`F5::
Loop
{
    Loop 3
        Send, ${SECRET}
    Sleep 100
}
SetTimer, Chat, 1000
return

Chat:
Send, ${SECRET}{Enter}
return
`),
      'chat.ahk',
    );
    expect(macrosOf(reading)).toEqual([]);
    expect(withoutClicksOf(reading)).toBe(2);
    expect(JSON.stringify(reading)).not.toContain(SECRET);
  });

  it('a loop whose count or condition is known only at run time still repeats; a file loop is not a clicker', () => {
    const [counted] = read('F7::\nLoop, %n%\n{\n  Click\n  Sleep 10\n}\n');
    expect(counted).toMatchObject({
      repeat: 'times',
      repeatTimes: null,
      shortestClickIntervalMs: 10,
      fastClicks: true,
    });
    const [conditioned] = read('F9::\nwhile (running)\n{\n  Click\n  Sleep 20\n}\n');
    expect(conditioned).toMatchObject({ repeat: 'unknown', shortestClickIntervalMs: 20, fastClicks: true });
    const [once] = read('F10::\nLoop 1\n{\n  Click\n  Sleep 5\n}\n');
    expect(once).toMatchObject({
      repeat: 'times',
      repeatTimes: 1,
      shortestClickIntervalMs: null,
      fastClicks: false,
    });
  });

  it(`the threshold is ${FAST_CLICK_INTERVAL_MS} ms between presses`, () => {
    const at = (ms: number) => read(`Loop {\nClick\nSleep ${ms}\n}\n`)[0]?.fastClicks;
    expect(at(FAST_CLICK_INTERVAL_MS - 1)).toBe(true);
    expect(at(FAST_CLICK_INTERVAL_MS)).toBe(false);
  });
});
