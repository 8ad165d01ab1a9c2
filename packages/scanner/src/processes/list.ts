/** A running program as the process sources see it, before the evidence is shaped from it. */
export interface RunningProcess {
  pid: number;
  name: string;
  /** Absolute executable path, or null when the system does not tell. */
  exe: string | null;
  /** Epoch milliseconds, or null. */
  startedAt: number | null;
  /** The arguments, the program first; empty when the system does not tell. */
  args: string[];
  /** Linux: a kernel thread, which runs no program of its own (`/proc/PID/stat`'s PF_KTHREAD flag). */
  kernelThread?: boolean;
  /**
   * Where the executable's bytes can be read when that is not `exe`: on Linux `/proc/PID/exe`, which
   * still reads a program deleted since it started.
   */
  image?: string;
}
