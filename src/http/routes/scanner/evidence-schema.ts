import { Count } from '@scanpin/evidence/schema';
import { Type } from 'typebox';

/**
 * The scan client's evidence document, as the upload route checks it and /openapi.json publishes it:
 * the one schema of packages/evidence (docs/scan-client.md, "The evidence document"), shared with the
 * scanner and the dashboard. Only the upload's answer is the server's own.
 */
export { EvidenceBody, EvidenceDiscordAccount, EvidenceSources } from '@scanpin/evidence/schema';

export const EvidenceResponse = Type.Object({
  result: Type.Enum(['legit', 'suspicious', 'cheating']),
  receipt: Type.Object({
    id: Type.String({ description: 'Quote it to the community’s staff to name this upload.' }),
    counts: Type.Record(Type.String(), Count, {
      description: 'What was received, by category: processes, memoryStrings, files, discordAccounts, …',
    }),
  }),
  showResult: Type.Boolean({
    description:
      'Whether the scanner may show the player `result`: only when the Enterprise turned it on. Otherwise it says the scan is complete and that the community’s staff have the result (docs/scan-client.md, "Nothing to learn from the result").',
  }),
});
