import { requireServicesInCi } from './backends.js';

export default function setup(): void {
  requireServicesInCi();
}
