/**
 * A stub Java class file with a given name (JVMS §4, "The class File Format"): a public class
 * extending `java/lang/Object` with a public no-argument constructor and a public `void start()`,
 * the two members the vanilla-like game's injector calls on the main class it is handed
 * (test/scanner/jvm/support/java-sources.ts, `Game.injectFromStdin`). Written here rather than by
 * `javac`, because a client's real class names include ones no Java source can declare (obfuscated
 * names, Kotlin's, a package that is a keyword); the JVM itself loads them, and the test checks the
 * bytes with the JDK's `javap`. Version 52 (Java 8): straight-line code needs no stack map frames.
 */

const ACC_PUBLIC = 0x0001;
const ACC_SUPER = 0x0020;
const CONSTANT_UTF8 = 1;
const CONSTANT_CLASS = 7;
const CONSTANT_METHODREF = 10;
const CONSTANT_NAME_AND_TYPE = 12;

/** Java's "modified UTF-8" (JVMS §4.4.7): NUL as two bytes, characters past U+FFFF as two surrogates. */
export function modifiedUtf8(text: string): Buffer {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x01 && c <= 0x7f) out.push(c);
    else if (c <= 0x7ff) out.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    else out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
  }
  return Buffer.from(out);
}

class Writer {
  private readonly parts: Buffer[] = [];
  u1(v: number): this {
    this.parts.push(Buffer.from([v]));
    return this;
  }
  u2(v: number): this {
    const b = Buffer.alloc(2);
    b.writeUInt16BE(v);
    this.parts.push(b);
    return this;
  }
  u4(v: number): this {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(v);
    this.parts.push(b);
    return this;
  }
  bytes(b: Buffer): this {
    this.parts.push(b);
    return this;
  }
  done(): Buffer {
    return Buffer.concat(this.parts);
  }
}

/**
 * Can the JVM define a class of this internal name (`a/b/C`)? JVMS §4.2.1: no segment empty, none
 * holding `.`, `;` or `[`; and `java/` is the runtime's own (ClassLoader refuses to define it).
 */
export function isDefinableClassName(name: string): boolean {
  if (name.startsWith('java/') || name.length === 0) return false;
  return name.split('/').every((segment) => segment.length > 0 && !/[.;[]/.test(segment));
}

/** The bytes of a stub class named `name` (internal form, `a/b/C$D`). */
export function stubClass(name: string): Buffer {
  if (!isDefinableClassName(name)) throw new Error(`not a class name the JVM can define: ${name}`);
  const utf8 = (text: string) => {
    const bytes = modifiedUtf8(text);
    return new Writer().u1(CONSTANT_UTF8).u2(bytes.length).bytes(bytes).done();
  };
  // The constant pool, numbered from 1.
  const pool = [
    utf8(name), // 1
    new Writer().u1(CONSTANT_CLASS).u2(1).done(), // 2: this class
    utf8('java/lang/Object'), // 3
    new Writer().u1(CONSTANT_CLASS).u2(3).done(), // 4: the superclass
    utf8('<init>'), // 5
    utf8('()V'), // 6
    new Writer().u1(CONSTANT_NAME_AND_TYPE).u2(5).u2(6).done(), // 7
    new Writer().u1(CONSTANT_METHODREF).u2(4).u2(7).done(), // 8: Object.<init>()V
    utf8('Code'), // 9
    utf8('start'), // 10
  ];
  const method = (nameIndex: number, maxStack: number, code: number[]) =>
    new Writer()
      .u2(ACC_PUBLIC)
      .u2(nameIndex)
      .u2(6)
      .u2(1)
      .u2(9)
      .u4(2 + 2 + 4 + code.length + 2 + 2)
      .u2(maxStack)
      .u2(1)
      .u4(code.length)
      .bytes(Buffer.from(code))
      .u2(0)
      .u2(0)
      .done();
  return new Writer()
    .u4(0xcafebabe)
    .u2(0)
    .u2(52)
    .u2(pool.length + 1)
    .bytes(Buffer.concat(pool))
    .u2(ACC_PUBLIC | ACC_SUPER)
    .u2(2)
    .u2(4)
    .u2(0) // interfaces
    .u2(0) // fields
    .u2(2) // methods
    .bytes(method(5, 1, [0x2a, 0xb7, 0x00, 0x08, 0xb1])) // aload_0; invokespecial #8; return
    .bytes(method(10, 0, [0xb1])) // return
    .u2(0) // attributes
    .done();
}
