import { Type } from 'typebox';
import { EVIDENCE_CAPS as L } from '../caps.js';
import { Count, Nullable, Section, Text } from '../schema/primitives.js';

/*
 * Version 3: click macros in mouse software (docs/scan-client.md, "Click macros"). The click and
 * repeat settings of each macro that presses a mouse button, never the text a macro types; macros
 * that only type are counted per program, with nothing else of them.
 */

export const MACRO_PROGRAMS = [
  'Razer Synapse',
  'Logitech Gaming Software',
  'Logitech G HUB',
  'X-Mouse Button Control',
  'AutoHotkey',
  'Bloody',
  'SteelSeries GG',
  'Corsair iCUE',
] as const;

const Program = Type.Enum([...MACRO_PROGRAMS], { description: 'The mouse or macro program.' });

export const EvidenceMacroProgram = Type.Object(
  {
    program: Program,
    folder: Nullable(
      Text(L.path, 'Its own folder, when one exists (AutoHotkey scripts may be found without it).'),
    ),
    macrosRead: Type.Boolean({
      description:
        'Whether its macro settings are read: false when its format has no public description (installed only).',
    }),
    filesRead: Count,
    filesUnreadable: Count,
    macrosWithoutClicks: Type.Integer({
      minimum: 0,
      description:
        'Macros read that press no mouse button (keys, text, shortcuts): counted only, never named, since a name or description can hold what the macro types.',
    }),
    reason: Nullable(Text(L.text, 'Why its macros are not read.')),
  },
  { additionalProperties: false },
);

export const EvidenceMacro = Type.Object(
  {
    program: Program,
    file: Text(L.path, 'The settings file or script it was read from.'),
    profile: Nullable(Text(L.name, 'The profile, application or script it belongs to.')),
    name: Text(
      L.name,
      'The name the owner gave a clicking macro (capped and redacted), or one the reader makes.',
    ),
    boundTo: Nullable(Text(L.name, 'The button or hotkey that runs it, when the file says.')),
    clicks: Count,
    buttons: Type.Array(Text(L.name), { maxItems: 8, description: 'The mouse buttons it presses.' }),
    otherActions: Type.Integer({
      minimum: 0,
      description: 'Keys, moves and other actions in one run, counted only: what it types is never read.',
    }),
    shortestClickIntervalMs: Nullable(
      Type.Number({ minimum: 0, description: 'Shortest time from one press to the next, repeats included.' }),
    ),
    clicksPerSecond: Nullable(
      Type.Number({ minimum: 0, description: '1000 / the shortest interval; null at 0 ms.' }),
    ),
    repeat: Type.Enum(['once', 'times', 'while-held', 'toggle', 'until-stopped', 'unknown']),
    repeatTimes: Nullable(Count),
    fastClicks: Type.Boolean({
      description:
        'Presses repeat less than 50 ms apart (over 20 clicks per second): faster than a person clicks.',
    }),
    note: Nullable(Text(L.text, 'What the reader could not tell.')),
  },
  { additionalProperties: false },
);

export const EvidenceMacroUnreadable = Type.Object(
  {
    program: Program,
    path: Text(L.path),
    reason: Text(L.text),
  },
  { additionalProperties: false },
);

export const MacrosSection = Section(
  'Click macros in mouse software: the programs installed, and the click timing of the macros whose format can be read.',
  {
    programs: Type.Array(EvidenceMacroProgram, { maxItems: MACRO_PROGRAMS.length }),
    items: Type.Array(EvidenceMacro, { maxItems: L.macros }),
    unreadable: Type.Array(EvidenceMacroUnreadable, { maxItems: L.macroFiles }),
  },
);
