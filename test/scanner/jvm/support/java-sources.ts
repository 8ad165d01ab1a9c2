/**
 * Java sources the real-JVM tests compile with `javac`: a small "vanilla-like" game that loads mods
 * the way Minecraft's loaders do, two mods (one with a nested jar, as Fabric's `META-INF/jars`), an
 * injected client that never exists as a file when scanned, a Java agent, and a program that
 * exercises many real Debian jars. Each is plain Java 17.
 */

export const GAME_SOURCES: Record<string, string> = {
  'net/vanillalike/api/ModInitializer.java': `
package net.vanillalike.api;
public interface ModInitializer { void onInitialize(); }
`,
  'net/vanillalike/Game.java': `
package net.vanillalike;

import java.io.*;
import java.lang.reflect.*;
import java.net.*;
import java.nio.file.*;
import java.util.*;
import java.util.function.*;
import java.util.jar.*;
import java.util.stream.*;
import net.vanillalike.api.ModInitializer;

/** Loads mods from <gameDir>/mods (nested jars unpacked to a cache, as Fabric does), then runs until killed. */
public final class Game {
  public enum Block { STONE, DIRT, GRASS, WATER }
  public record Pos(int x, int y, int z) { Pos up() { return new Pos(x, y + 1, z); } }
  public interface Listener { String tick(int n); }
  public sealed interface Shape permits Cube, Ball {}
  public record Cube(int side) implements Shape {}
  public record Ball(int radius) implements Shape {}

  static int score(int n) { return n * 7; }

  static String describe(Block b) {
    switch (b) { case STONE: return "hard"; case DIRT: return "soft"; default: return "other"; }
  }

  static int command(String s) {
    switch (s) { case "jump": return 1; case "sneak": return 2; case "sprint": return 3; default: return 0; }
  }

  static List<URL> nested(Path jar, Path cache) throws IOException {
    List<URL> out = new ArrayList<>();
    try (JarFile jf = new JarFile(jar.toFile())) {
      for (JarEntry e : Collections.list(jf.entries())) {
        if (!e.getName().startsWith("META-INF/jars/") || !e.getName().endsWith(".jar")) continue;
        Files.createDirectories(cache);
        Path to = cache.resolve(Paths.get(e.getName()).getFileName());
        try (InputStream in = jf.getInputStream(e)) { Files.copy(in, to, StandardCopyOption.REPLACE_EXISTING); }
        out.add(to.toUri().toURL());
      }
    }
    return out;
  }

  /** Defines classes from bytes read from standard input: how an injected client arrives, no file on disk. */
  static void injectFromStdin() throws Exception {
    DataInputStream in = new DataInputStream(new BufferedInputStream(System.in));
    int count = in.readInt();
    Map<String, byte[]> classes = new LinkedHashMap<>();
    for (int i = 0; i < count; i++) {
      String name = in.readUTF();
      byte[] bytes = new byte[in.readInt()];
      in.readFully(bytes);
      classes.put(name, bytes);
    }
    ClassLoader loader = new ClassLoader(Game.class.getClassLoader()) {
      @Override protected Class<?> findClass(String name) throws ClassNotFoundException {
        byte[] b = classes.get(name);
        if (b == null) throw new ClassNotFoundException(name);
        return defineClass(name, b, 0, b.length);
      }
    };
    for (String name : classes.keySet()) loader.loadClass(name);
    Class<?> main = loader.loadClass(in.readUTF());
    main.getMethod("start").invoke(main.getConstructor().newInstance());
  }

  public static void main(String[] args) throws Exception {
    List<String> argList = Arrays.asList(args);
    Path gameDir = Paths.get(args[argList.indexOf("--gameDir") + 1]);
    List<URL> urls = new ArrayList<>();
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(gameDir.resolve("mods"), "*.jar")) {
      for (Path jar : ds) { urls.add(jar.toUri().toURL()); urls.addAll(nested(jar, gameDir.resolve(".cache"))); }
    }
    URLClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]), Game.class.getClassLoader());
    List<ModInitializer> mods = new ArrayList<>();
    for (ModInitializer m : ServiceLoader.load(ModInitializer.class, loader)) { m.onInitialize(); mods.add(m); }

    Supplier<Pos> origin = () -> new Pos(0, 64, 0);
    Function<Pos, Pos> up = Pos::up;
    List<Pos> tower = IntStream.range(0, 10).mapToObj(i -> origin.get()).map(up).collect(Collectors.toList());
    Map<Block, Long> counts = Arrays.stream(Block.values()).collect(Collectors.groupingBy(b -> b, () -> new EnumMap<>(Block.class), Collectors.counting()));
    Listener proxy = (Listener) java.lang.reflect.Proxy.newProxyInstance(loader, new Class<?>[] { Listener.class }, (p, m, a) -> "tick " + a[0]);
    Method scorer = Game.class.getDeclaredMethod("score", int.class);
    int total = 0;
    for (int i = 0; i < 100; i++) total += (Integer) scorer.invoke(null, i);
    for (Block b : Block.values()) total += describe(b).length();
    for (String c : List.of("jump", "sneak", "sprint", "fly")) total += command(c);
    Shape s = new Cube(3);
    if (s instanceof Cube c) total += c.side();
    String text = String.format("%s %s %d %s %d", tower.get(0), counts, total, proxy.tick(1), mods.size());
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {}));
    new Thread(() -> { while (true) try { Thread.sleep(1000); } catch (InterruptedException e) { return; } }).start();

    if (argList.contains("--inject")) injectFromStdin();
    System.out.println("READY " + text.length());
    System.out.flush();
    Thread.sleep(Long.MAX_VALUE);
  }
}
`,
};

export const MOD_SOURCES: Record<string, Record<string, string>> = {
  alpha: {
    'com/alphamod/AlphaMod.java': `
package com.alphamod;
import net.vanillalike.api.ModInitializer;
import org.nestedlib.Helper;
public class AlphaMod implements ModInitializer {
  private final java.util.List<Runnable> tasks = new java.util.ArrayList<>();
  public void onInitialize() { tasks.add(() -> Helper.greet("alpha")); tasks.forEach(Runnable::run); }
}
`,
  },
  nested: {
    'org/nestedlib/Helper.java': `
package org.nestedlib;
public final class Helper { public static String greet(String who) { return "hello " + who; } }
`,
  },
  beta: {
    'io/betamod/BetaMod.java': `
package io.betamod;
import net.vanillalike.api.ModInitializer;
public class BetaMod implements ModInitializer {
  enum Mode { FAST, SLOW }
  public void onInitialize() { for (Mode m : Mode.values()) switch (m) { case FAST -> System.out.print(""); case SLOW -> System.out.print(""); } }
}
`,
  },
};

/** An injected client's classes: a module system, settings and an event bus that refer to each other. */
export const CLIENT_SOURCES: Record<string, string> = {
  'me/ghostclient/Client.java': `
package me.ghostclient;
public class Client {
  public static Client INSTANCE;
  public final ModuleManager modules = new ModuleManager();
  public final EventBus bus = new EventBus();
  public void start() {
    INSTANCE = this;
    modules.add(new KillAura()); modules.add(new Reach()); modules.add(new AutoClicker());
    for (Module m : modules.all()) bus.subscribe(m);
    bus.post(new TickEvent(1));
  }
}
`,
  'me/ghostclient/ModuleManager.java': `
package me.ghostclient;
import java.util.*;
public class ModuleManager {
  private final List<Module> modules = new ArrayList<>();
  public void add(Module m) { modules.add(m); }
  public List<Module> all() { return modules; }
  public Module find(String name) { for (Module m : modules) if (m.name.equals(name)) return m; return null; }
}
`,
  'me/ghostclient/Module.java': `
package me.ghostclient;
public abstract class Module {
  public final String name;
  public final BooleanSetting enabled = new BooleanSetting("enabled", true);
  protected Module(String name) { this.name = name; }
  public void onTick(TickEvent e) {}
}
`,
  'me/ghostclient/KillAura.java': `
package me.ghostclient;
public class KillAura extends Module {
  public final NumberSetting range = new NumberSetting("range", 3.0);
  public KillAura() { super("KillAura"); }
  @Override public void onTick(TickEvent e) { if (enabled.value && range.value > 3.0) System.out.print(""); }
}
`,
  'me/ghostclient/Reach.java': `
package me.ghostclient;
public class Reach extends Module {
  public final NumberSetting distance = new NumberSetting("distance", 3.5);
  public Reach() { super("Reach"); }
}
`,
  'me/ghostclient/AutoClicker.java': `
package me.ghostclient;
public class AutoClicker extends Module {
  public final NumberSetting cps = new NumberSetting("cps", 14);
  public AutoClicker() { super("AutoClicker"); }
}
`,
  'me/ghostclient/Setting.java': `
package me.ghostclient;
public abstract class Setting { public final String name; protected Setting(String name) { this.name = name; } }
`,
  'me/ghostclient/BooleanSetting.java': `
package me.ghostclient;
public class BooleanSetting extends Setting { public boolean value; public BooleanSetting(String n, boolean v) { super(n); value = v; } }
`,
  'me/ghostclient/NumberSetting.java': `
package me.ghostclient;
public class NumberSetting extends Setting { public double value; public NumberSetting(String n, double v) { super(n); value = v; } }
`,
  'me/ghostclient/EventBus.java': `
package me.ghostclient;
import java.util.*;
public class EventBus {
  private final List<Module> listeners = new ArrayList<>();
  public void subscribe(Module m) { listeners.add(m); }
  public void post(TickEvent e) { for (Module m : listeners) m.onTick(e); }
}
`,
  'me/ghostclient/TickEvent.java': `
package me.ghostclient;
public class TickEvent { public final int tick; public TickEvent(int tick) { this.tick = tick; } }
`,
};

/**
 * Loads and reflects on classes from every jar on its class path (the first `perJar` of each), then
 * prints how many jars, how many distinct classes loaded and how many loads failed, and runs until
 * killed. Debian's folders hold the same jar under several names: a class is counted once.
 */
export const REAL_JARS_SOURCE = `
import java.io.File;
import java.util.*;
import java.util.jar.*;

public final class RealJars {
  public static void main(String[] args) throws Exception {
    int perJar = Integer.parseInt(args[0]);
    Set<String> loaded = new HashSet<>();
    int failed = 0, jars = 0;
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!entry.endsWith(".jar")) continue;
      jars++;
      try (JarFile jar = new JarFile(entry)) {
        int n = 0;
        for (JarEntry e : Collections.list(jar.entries())) {
          String name = e.getName();
          if (!name.endsWith(".class") || name.contains("-") || name.startsWith("META-INF/")) continue;
          if (n++ >= perJar) break;
          try {
            Class<?> c = Class.forName(name.substring(0, name.length() - 6).replace('/', '.'), false, RealJars.class.getClassLoader());
            c.getDeclaredMethods();
            c.getDeclaredFields();
            loaded.add(c.getName());
          } catch (Throwable t) { failed++; }
        }
      } catch (Exception ex) { }
    }
    System.out.println("READY " + jars + " " + loaded.size() + " " + failed);
    System.out.flush();
    Thread.sleep(Long.MAX_VALUE);
  }
}
`;

/** A Java agent: loaded with -javaagent (premain) or attached later (agentmain). */
export const AGENT_SOURCES: Record<string, string> = {
  'dev/probe/Agent.java': `
package dev.probe;
import java.lang.instrument.Instrumentation;
public final class Agent {
  public static volatile Instrumentation inst;
  public static void premain(String args, Instrumentation i) { inst = i; }
  public static void agentmain(String args, Instrumentation i) throws Exception {
    inst = i;
    if (args != null && !args.isEmpty()) Loader.defineFrom(args);
  }
}
`,
  'dev/probe/Loader.java': `
package dev.probe;
import java.io.*;
import java.nio.file.*;
import java.util.*;
/** Reads class bytes from a blob file, deletes it, and defines the classes: nothing stays on disk. */
final class Loader extends ClassLoader {
  private final Map<String, byte[]> classes;
  Loader(Map<String, byte[]> classes) { super(Loader.class.getClassLoader()); this.classes = classes; }
  @Override protected Class<?> findClass(String name) throws ClassNotFoundException {
    byte[] b = classes.get(name);
    if (b == null) throw new ClassNotFoundException(name);
    return defineClass(name, b, 0, b.length);
  }
  static void defineFrom(String blob) throws Exception {
    byte[] all = Files.readAllBytes(Paths.get(blob));
    Files.delete(Paths.get(blob));
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(all));
    int count = in.readInt();
    Map<String, byte[]> classes = new LinkedHashMap<>();
    for (int i = 0; i < count; i++) { String n = in.readUTF(); byte[] b = new byte[in.readInt()]; in.readFully(b); classes.put(n, b); }
    Loader loader = new Loader(classes);
    for (String n : classes.keySet()) loader.loadClass(n);
    Class<?> main = loader.loadClass(in.readUTF());
    main.getMethod("start").invoke(main.getConstructor().newInstance());
  }
}
`,
};

/** Attaches to a running JVM with the Attach API and loads an agent into it. */
export const ATTACHER_SOURCE = `
import com.sun.tools.attach.VirtualMachine;
public final class Attacher {
  public static void main(String[] args) throws Exception {
    VirtualMachine vm = VirtualMachine.attach(args[0]);
    try { vm.loadAgent(args[1], args[2]); } finally { vm.detach(); }
    System.out.println("ATTACHED");
  }
}
`;
