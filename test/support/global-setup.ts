import { dropTestSchemas, requireServicesInCi } from './backends.js';

/** Runs once around the whole test run: leftovers of an interrupted run go first, this run's last. */
export default async function setup(): Promise<() => Promise<void>> {
  requireServicesInCi();
  await dropTestSchemas();
  return dropTestSchemas;
}
