/**
 * The packages of the Java runtime, Minecraft, its mod loaders and the libraries its launcher installs
 * (docs/scan-client.md, "Class names in the game's memory"): most of a modded game's class names. The
 * scanner's memory harvest sends the names inside them last, and counts apart the names outside them
 * it could not send (`classNamesUnsentUnfamiliar`); the server checks a harvest that says only names
 * inside them were cut against this same list. The list only grows: a scanner with an older, shorter
 * list ranks the packages added since with the mods, and still passes that check.
 */
export const FAMILIAR_CLASS_PACKAGES: readonly string[] = [
  // The Java runtime's own modules.
  'java/',
  'javax/',
  'jdk/',
  'sun/',
  'com/sun/',
  'org/w3c/',
  'org/xml/sax/',
  'org/ietf/jgss/',
  'org/jcp/xml/',
  // Minecraft and Mojang's libraries (authlib, brigadier, DataFixerUpper, blaze3d).
  'net/minecraft/',
  'com/mojang/',
  // Mod loaders and Mixin.
  'net/fabricmc/',
  'org/quiltmc/',
  'net/minecraftforge/',
  'net/neoforged/',
  'cpw/mods/',
  'org/spongepowered/asm/',
  // The libraries of Minecraft's version manifest.
  'org/lwjgl/',
  'io/netty/',
  'com/google/',
  'org/apache/',
  'it/unimi/dsi/fastutil/',
  'org/slf4j/',
  'org/joml/',
  'oshi/',
  'com/ibm/icu/',
  'org/objectweb/asm/',
  'com/jcraft/',
  'paulscode/sound/',
  'net/java/',
];

/** Is the class name (`a/b/C`) inside one of the familiar packages? */
export function isFamiliarClassName(name: string): boolean {
  return FAMILIAR_CLASS_PACKAGES.some((p) => name.startsWith(p));
}
