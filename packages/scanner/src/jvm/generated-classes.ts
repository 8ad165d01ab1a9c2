/**
 * Classes a JVM makes at run time, which no jar holds and which are not injected code: lambdas and
 * hidden classes, dynamic proxies, reflection accessors, method-handle forms, and the classes code
 * generators (Mixin, cglib, Byte Buddy, Javassist, Forge's event bus) define. Each pattern was seen
 * in a real JVM's memory or is documented by its generator (docs/scan-client.md, "Classes injected
 * into the Java game").
 */
const GENERATED: readonly RegExp[] = [
  /\$\$Lambda(\$|\/|$)/, // javac lambdas and method references (LambdaMetafactory hidden classes)
  /^jdk\/proxy\d+\//, // java.lang.reflect.Proxy in JDK 16+
  /^com\/sun\/proxy\//, // java.lang.reflect.Proxy before JDK 16
  /(^|\/)\$Proxy\d+$/,
  /^(jdk\/internal|sun)\/reflect\/Generated\w*Accessor\d*$/, // reflection inflation
  /^java\/lang\/invoke\/(LambdaForm\$|BoundMethodHandle\$Species_)/, // method-handle forms
  /^jdk\/internal\/foreign\/abi\//,
  /\$\$(EnhancerBy|FastClassBy)\w*\$\$/, // cglib, Guice
  /\$ByteBuddy\$|\$auxiliary\$/, // Byte Buddy
  /_\$\$_jvst/, // Javassist
  /^org\/spongepowered\/asm\/synthetic\//, // Mixin's synthetic argument classes
  /^net\/minecraftforge\/eventbus\/ASMEventHandler_/, // Forge's generated event listeners
  /^org\/codehaus\/groovy\/runtime\/callsite\/GeneratedCallSite/,
];

export function isGeneratedClass(name: string): boolean {
  return GENERATED.some((p) => p.test(name));
}
