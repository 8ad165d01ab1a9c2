import type { GameType } from '../../domain/game-types.js';
import {
  NODE_PLATFORM,
  SCAN_PLATFORM_LABELS,
  SCAN_PLATFORMS,
  type ScanPlatform,
} from '../../domain/player-platform.js';
import { pinDisclosureHtml } from './scan-page.js';
import { escapeHtml, serverPage } from './server-page.js';

/** A build this server offers, as the page shows it. */
export interface PinPageBuild {
  name: string;
  size: number;
  sha256: string;
  /** Authenticode-signed: sent unstamped, so the player types the PIN. */
  signed: boolean;
}

export interface PinScanPageInput {
  pinCode: string;
  community: string;
  game: GameType;
  platform: ScanPlatform;
  /** The build of each platform this server has; absent ones are not offered. */
  builds: Partial<Record<ScanPlatform, PinPageBuild>>;
  expiresAt: string;
}

/**
 * No build for the player's system: nothing to download and no steps, only whom to tell
 * (docs/scan-client.md, "Your scan link"). Another system's build is one link away.
 */
function noBuildHtml(input: PinScanPageInput): string {
  const label = SCAN_PLATFORM_LABELS[input.platform];
  const elsewhere = SCAN_PLATFORMS.filter((p) => input.builds[p] !== undefined);
  if (elsewhere.length === 0)
    return `<p><strong>This server offers no scanner download yet.</strong> Tell the staff who sent you this link: the server's operator has to make the downloads before you can scan. Then open this link again; it works until ${escapeHtml(input.expiresAt)} UTC.</p>`;
  const others = elsewhere
    .map((p) => `<a href="?platform=${p}">${SCAN_PLATFORM_LABELS[p]}</a>`)
    .join(' and ');
  return `<p><strong>This server offers no scanner for ${label} yet</strong>, only for ${others}. If you play on ${label}, tell the staff who sent you this link.</p>`;
}

function stepsFor(platform: ScanPlatform, build: PinPageBuild, pin: string): string {
  const open =
    platform === 'windows'
      ? `Open <code>${escapeHtml(build.name)}</code> from your downloads. If Windows SmartScreen says it protected your PC, choose <em>More info</em>, then <em>Run anyway</em>; allow the administrator prompt so the scan can read the Windows records listed below.`
      : `Open a terminal in your downloads folder and run <code>chmod +x ${escapeHtml(build.name)} &amp;&amp; ./${escapeHtml(build.name)}</code>.`;
  return `<ol>
<li>Download the scanner with the button above.</li>
<li>${open}</li>
<li>${build.signed ? `When it asks for the PIN, type <code>${pin}</code>. ` : ''}Read what it will collect, type <kbd>y</kbd> and press Enter to agree. Keep the game running until it says the scan was delivered.</li>
</ol>`;
}

function aboutTheFile(build: PinPageBuild): string {
  const sha256 = `<code>${build.sha256}</code>`;
  const size = `${(build.size / 1024 / 1024).toFixed(1)} MiB`;
  return build.signed
    ? `This build is signed by the server's operator, and the signature covers the part where a PIN would be written, so it is sent as signed and you type the PIN. ${escapeHtml(build.name)}, ${size}, SHA-256 ${sha256}.`
    : `The file carries this server's address and your PIN, so there is nothing to type. It is the published build <code>${escapeHtml(build.name)}</code> (${size}, SHA-256 ${sha256}) with only that written in, so its own SHA-256 differs; the build's is also on <a href="/scan">the scan page</a>.`;
}

/**
 * The page a `/scan/<PIN>` link opens (docs/scan-client.md, "Your scan link"): who asks, for which
 * game, what the scan collects on the player's system, one download stamped with this server and
 * the PIN, and three steps.
 */
export function pinScanPage(input: PinScanPageInput): string {
  const { platform } = input;
  const label = SCAN_PLATFORM_LABELS[platform];
  const build = input.builds[platform];
  const others = SCAN_PLATFORMS.filter((p) => p !== platform)
    .map((p) => `<a href="?platform=${p}">${SCAN_PLATFORM_LABELS[p]}</a>`)
    .join(' ');
  const pin = escapeHtml(input.pinCode);
  const download =
    build === undefined
      ? noBuildHtml(input)
      : `<p><a class="button" href="/scan/${pin}/download/${platform}" download>Download the scanner for ${label}</a></p>
${stepsFor(platform, build, pin)}
<p class="muted">${aboutTheFile(build)}</p>`;
  // The page's only style is the shared one (its hash is the CSP's one allowance): no style of its own.
  const body = `<h1>Scan for ${escapeHtml(input.community)}</h1>
<p><strong>${escapeHtml(input.community)}</strong> asks you for a <strong>${escapeHtml(input.game)}</strong> scan with the PIN <code>${pin}</code>, valid until ${escapeHtml(input.expiresAt)} UTC. The result goes to this community's staff.</p>
<p class="muted">For ${label}. Another system: ${others}</p>
${download}
<h2>What the scan collects on ${label}</h2>
${pinDisclosureHtml(NODE_PLATFORM[platform], input.game)}
<p class="muted">The scanner shows this list again and asks before it reads anything. <a href="/scan">More about the scan</a>.</p>
<footer>scanpin. This page loads nothing from other sites.</footer>`;
  return serverPage({ title: `Scan for ${input.community}`, robots: 'noindex, nofollow', body });
}

/** The page for a link whose PIN cannot start a scan: one message, whatever the reason. */
export function deadScanLinkPage(): string {
  return serverPage({
    title: 'This scan link does not work',
    robots: 'noindex, nofollow',
    body: `<h1>This scan link does not work</h1>
<p>Its PIN is unknown, already used, cancelled or expired. Ask the staff who sent it for a new link.</p>
<p><a href="/scan">About scans on this server</a></p>
<footer>scanpin. This page loads nothing from other sites.</footer>`,
  });
}

/**
 * A platform whose build this server lacks, or a build made before stamps (or an address too long
 * for the stamp): no stamped file, so the player is sent to the plain download with what to type.
 */
export function unstampedBuildPage(platform: ScanPlatform, missing: boolean): string {
  const label = SCAN_PLATFORM_LABELS[platform];
  return serverPage({
    title: `No scanner for ${label} to download here`,
    robots: 'noindex, nofollow',
    body: `<h1>No scanner for ${label} to download here</h1>
${
  missing
    ? `<p>This server offers no scanner for ${label} to download yet. Tell the staff who sent you the link.</p>`
    : `<p>This server's scanner for ${label} cannot carry your PIN (it was built before scan links). Download it from <a href="/scan">the scan page</a> and type the PIN the staff gave you when it asks.</p>
<p>Go back to the link the staff gave you, or ask them.</p>`
}
<footer>scanpin. This page loads nothing from other sites.</footer>`,
  });
}
