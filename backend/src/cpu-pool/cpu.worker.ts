import { CPU_TASKS, CpuTaskName } from './cpu-tasks';

/** A worker thread's entry (piscina calls the default export): runs one task by name. */
export default function runCpuTask({ name, input }: { name: CpuTaskName; input: never }): Promise<unknown> {
  const task = CPU_TASKS[name] as (input: never) => Promise<unknown>;
  if (!task) throw new Error(`Unknown CPU task ${String(name)}`);
  return task(input);
}
