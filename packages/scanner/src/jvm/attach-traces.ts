import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type JavaAgentArgument, parseJavaCommandLine } from './command-line.js';

/**
 * Traces that code was, or could be, loaded into a running JVM besides its class path
 * (docs/scan-client.md, "Java agents and attach traces"). Each says something different:
 * - an agent on the command line (`-javaagent:`, `-agentpath:`, `-agentlib:`) or in the environment
 *   variables the `java` launcher reads (`JAVA_TOOL_OPTIONS`, `JDK_JAVA_OPTIONS`, `_JAVA_OPTIONS`):
 *   code the JVM loaded at start;
 * - `.java_pid<pid>` (a socket in the temporary folder): the JVM's attach listener was started, which
 *   happens only when a tool attached to it (an injector through the Attach API, or `jcmd`, `jstack`,
 *   a profiler): something attached since the game started;
 * - `.attach_pid<pid>` (in the game's working folder or the temporary folder): an attach was asked for
 *   and the file was left behind (the JDK's own attach deletes it);
 * - `hsperfdata_<user>/<pid>`: the JVM publishes its performance counters, which is what lets tools
 *   find it to attach; every JVM started without `-XX:-UsePerfData` has it, so it proves nothing
 *   by itself.
 */

export interface AttachTraces {
  /** Agents from the command line and from the launcher's environment variables (only those arguments). */
  agents: (JavaAgentArgument & {
    from: 'command line' | 'JAVA_TOOL_OPTIONS' | 'JDK_JAVA_OPTIONS' | '_JAVA_OPTIONS';
  })[];
  attachListener: boolean;
  attachRequestFiles: string[];
  perfData: boolean;
}

const AGENT_VARIABLES = ['JAVA_TOOL_OPTIONS', 'JDK_JAVA_OPTIONS', '_JAVA_OPTIONS'] as const;

/** The agent arguments of the launcher's variables in a `/proc/PID/environ` text; no other value is read. */
export function environmentAgents(environ: string): AttachTraces['agents'] {
  const agents: AttachTraces['agents'] = [];
  for (const entry of environ.split('\0')) {
    const eq = entry.indexOf('=');
    const name = entry.slice(0, eq);
    if (eq < 0 || !(AGENT_VARIABLES as readonly string[]).includes(name)) continue;
    const words = entry
      .slice(eq + 1)
      .split(/\s+/)
      .filter((w) => w !== '');
    for (const agent of parseJavaCommandLine(['java', ...words], ':').agents)
      agents.push({ ...agent, from: name as (typeof AGENT_VARIABLES)[number] });
  }
  return agents;
}

const exists = async (path: string) => (await stat(path).catch(() => null)) !== null;

/** Is there `hsperfdata_<user>/<pid>` in the temporary folder, whoever the user? */
async function perfDataOf(tmp: string, pid: number): Promise<boolean> {
  const names = await readdir(tmp).catch(() => [] as string[]);
  for (const name of names)
    if (name.startsWith('hsperfdata_') && (await exists(join(tmp, name, String(pid))))) return true;
  return false;
}

/** The traces of one Linux JVM: its command line, environment (agent variables only), cwd and the temporary folder. */
export async function linuxAttachTraces(
  procRoot: string,
  pid: number,
  args: readonly string[],
  cwd: string | null,
  tmp = '/tmp',
): Promise<AttachTraces> {
  const agents: AttachTraces['agents'] = parseJavaCommandLine(args, ':').agents.map((a) => ({
    ...a,
    from: 'command line' as const,
  }));
  const environ = await readFile(join(procRoot, String(pid), 'environ'), 'latin1').catch(() => '');
  agents.push(...environmentAgents(environ));
  const requestFiles: string[] = [];
  for (const dir of cwd === null ? [tmp] : [cwd, tmp]) {
    const path = join(dir, `.attach_pid${pid}`);
    if (await exists(path)) requestFiles.push(path);
  }
  return {
    agents,
    attachListener: await exists(join(tmp, `.java_pid${pid}`)),
    attachRequestFiles: requestFiles,
    perfData: await perfDataOf(tmp, pid),
  };
}
