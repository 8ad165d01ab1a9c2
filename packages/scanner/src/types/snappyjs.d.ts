// snappyjs ships no types; these are the two functions it exports (its README).
declare module 'snappyjs' {
  export function uncompress<T extends Uint8Array | ArrayBuffer>(data: T, maxLength?: number): T;
  export function compress<T extends Uint8Array | ArrayBuffer>(data: T): T;
  const snappy: { uncompress: typeof uncompress; compress: typeof compress };
  export default snappy;
}
