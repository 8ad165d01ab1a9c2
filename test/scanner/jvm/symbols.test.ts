import { describe, expect, it } from 'vitest';
import { unknownClasses } from '../../../packages/scanner/src/jvm/unknown-classes.js';
import {
  StringExtractor,
  SYMBOL_DESCRIPTOR,
  SYMBOL_NAME,
} from '../../../packages/scanner/src/memory/extract.js';

/**
 * Memory laid out as HotSpot lays out its Symbols and Klasses (JDK 17's `symbol.hpp`: a 32-bit hash
 * and reference count, a 16-bit length, the bytes; a `Klass`: its C++ vtable pointer, then its name's
 * Symbol pointer 24 bytes in), to check the extractor tells a loaded class from a mere name.
 */
const BASE = 0x7f00_1000_0000; // where the test's "memory" is mapped
const IMAGE = { start: 0x7f00_8000_0000, end: 0x7f00_8100_0000, klassNameOffset: 24 };

class Memory {
  readonly buf = Buffer.alloc(64 * 1024);
  private at = 64;

  /** A JDK 17 Symbol; returns its address. */
  symbol(text: string): number {
    this.at = Math.ceil(this.at / 8) * 8;
    const start = this.at;
    this.buf.writeUInt32LE(0xabcd0001, start); // hash, reference count
    this.buf.writeUInt16LE(text.length, start + 4);
    this.buf.write(text, start + 6, 'latin1');
    this.at = start + 6 + text.length;
    return BASE + start;
  }

  /** A JDK 8 Symbol: length, reference count, identity hash, then the bytes. */
  symbol8(text: string): number {
    this.at = Math.ceil(this.at / 8) * 8;
    const start = this.at;
    this.buf.writeUInt16LE(text.length, start);
    this.buf.writeUInt16LE(1, start + 2);
    this.buf.writeUInt32LE(0x1234, start + 4);
    this.buf.write(text, start + 8, 'latin1');
    this.at = start + 8 + text.length;
    return BASE + start;
  }

  /** A Klass: vtable pointer into the JVM's image, flags, then the name's Symbol pointer at +24. */
  klass(name: number): void {
    this.at = Math.ceil(this.at / 8) * 8;
    this.buf.writeBigUInt64LE(BigInt(IMAGE.start + 0x1230), this.at);
    this.buf.writeUInt32LE(16, this.at + 8);
    this.buf.writeBigUInt64LE(BigInt(name), this.at + 24);
    this.at += 64;
  }

  /** A Java byte[] holding the text (a 32-bit length before it), as a String's value. */
  javaString(text: string): void {
    this.at = Math.ceil(this.at / 8) * 8;
    this.buf.writeUInt32LE(text.length, this.at + 12);
    this.buf.write(text, this.at + 16, 'latin1');
    this.at += 16 + text.length;
  }

  scan(): StringExtractor {
    const extractor = new StringExtractor([], { classNames: 100, strings: 0, symbols: 100, jvmImage: IMAGE });
    extractor.scan(this.buf, this.buf.length, true, true, BASE);
    return extractor;
  }
}

describe('HotSpot Symbols and Klasses in memory', () => {
  it('finds names laid out as Symbols (bare and as a type descriptor), not Java strings', () => {
    const m = new Memory();
    m.symbol('me/ghost/Client');
    m.symbol('Lme/ghost/Module;');
    m.symbol8('old/jdk/Eight');
    m.javaString('me/ghost/NotASymbol');
    m.symbol('netXmineYZ'); // no slash: not a class name
    const found = m.scan();
    expect(found.symbols.get('me/ghost/Client')?.how).toBe(SYMBOL_NAME);
    expect(found.symbols.get('me/ghost/Module')?.how).toBe(SYMBOL_DESCRIPTOR);
    expect(found.symbols.get('old/jdk/Eight')?.how).toBe(SYMBOL_NAME);
    expect(found.symbols.has('me/ghost/NotASymbol')).toBe(false);
    expect(found.classNames.has('me/ghost/NotASymbol')).toBe(true);
  });

  it('counts a class as loaded only when a Klass points to its name', () => {
    const m = new Memory();
    const loaded = [m.symbol('me/ghost/Client'), m.symbol('me/ghost/KillAura'), m.symbol('me/ghost/Reach')];
    m.symbol('javax/servlet/Filter'); // referred to by a loaded class, never loaded
    m.symbol('javax/servlet/ServletContext');
    const lone = m.symbol('org/single/Loaded');
    for (const s of [...loaded, lone]) m.klass(s);
    m.symbol('net/game/Known');
    m.klass(BASE + 8); // a Klass whose name is not a Symbol we found
    const found = m.scan();
    const result = unknownClasses(found, new Set(['net/game/Known']), {
      minLoaded: 2,
      packages: 10,
      classesPerPackage: 10,
      belowThreshold: 10,
    });
    expect(result.raised).toEqual([
      { name: 'me/ghost', classes: ['me/ghost/Client', 'me/ghost/KillAura', 'me/ghost/Reach'], count: 3 },
    ]);
    expect(result.belowThreshold).toEqual(['org/single/Loaded']);
    expect(result.referencedOnly).toBe(2);
  });

  it('leaves out generated classes and known packages', () => {
    const m = new Memory();
    for (const name of [
      'net/game/Main$$Lambda$14',
      'jdk/proxy1/$Proxy7',
      'jdk/internal/reflect/GeneratedMethodAccessor3',
      'net/game',
    ])
      m.klass(m.symbol(name));
    const result = unknownClasses(m.scan(), new Set(['net/game/Main']), {
      minLoaded: 1,
      packages: 10,
      classesPerPackage: 10,
      belowThreshold: 10,
    });
    expect(result.raised).toEqual([]);
  });
});
