import { type Disclosed, type DisclosedPlatform, NEVER_COLLECTED, PLATFORM_HEADINGS } from '@scanpin/scanner';
import type { GameType } from '../../domain/game-types.js';
import { plural } from '../../domain/plural.js';
import { disclosureByGame, disclosureForGame, onlyForNote } from '../../domain/scan-disclosure.js';
import { escapeHtml, serverPage } from './server-page.js';

/** A download as the page lists it. */
export interface ListedDownload {
  name: string;
  platform: string;
  size: number;
  sha256: string;
}

export interface ScanPageInput {
  /** This server's public address (PUBLIC_URL), which the scanner is pointed at. */
  serverUrl: string;
  downloads: readonly ListedDownload[];
  /** REPORT_RETENTION_DAYS: 0 keeps scans until the operator removes them (docs/privacy.md). */
  retentionDays: number;
  /** The server has a Discord application: players can prove their account before the scan. */
  proofEnabled: boolean;
}

const code = (text: string) => `<code>${escapeHtml(text)}</code>`;

function mebibytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** The scanner refuses plain http to another computer unless told (docs/scan-client.md). */
function isPlainHttpElsewhere(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && !/^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(hostname);
}

/**
 * Where the player gets the scanner, and how to run it. Without a build there is nothing to run: the
 * page says so and sends the player to the staff, with no steps and no command for them
 * (docs/scan-client.md, "Hosting the downloads").
 */
function downloadHtml(downloads: readonly ListedDownload[], server: string): string {
  if (downloads.length === 0) {
    return `<h2>Download</h2>
<p><strong>This server offers no scanner download yet.</strong> Tell the staff who sent you here: the server's operator has to make the downloads before anyone can be scanned. Then open the link the staff gave you again.</p>`;
  }
  const items = downloads.map(
    (d) =>
      `<dt><a href="/scan/download/${encodeURIComponent(d.name)}" download>Download for ${escapeHtml(d.platform)}</a></dt>` +
      `<dd>${code(d.name)}, ${mebibytes(d.size)}<br>SHA-256: <code>${d.sha256}</code></dd>`,
  );
  const insecure = isPlainHttpElsewhere(server)
    ? `<p class="muted">This server's address is plain http, which the scanner refuses unless you add <code>--insecure</code>. Ask the staff whether there is an https address first.</p>`
    : '';
  return `<h2>Download</h2>
<p>The easiest way is the link the staff gave you: it ends in <code>/scan/</code> and your PIN, and its download already knows this server and your PIN, so you only agree. The files here are the same scanner without them.</p>
<dl>${items.join('')}</dl>
<p class="muted">To check a download, compare its SHA-256 with the one above: on Linux <code>sha256sum scanpin-scan-linux-x64</code>, on Windows (PowerShell) <code>Get-FileHash .\\scanpin-scan-win-x64.exe</code>.</p>

<h2>How to run it</h2>
<ol>
<li>Start the game and keep it running: its memory is part of the scan.</li>
<li>Run the scanner. On Windows, open the downloaded <code>.exe</code>. On Linux, make it executable first: <code>chmod +x ./scanpin-scan-linux-x64</code>, then <code>./scanpin-scan-linux-x64</code>. If it says it does not know which server to send the scan to, download it from the link the staff gave you, or run it again with <code>--server ${escapeHtml(server)}</code> after its name.</li>
<li>Type the PIN the staff gave you, read the list, and agree.</li>
<li>Wait for the receipt. It shows what was sent and a receipt id you can quote to the staff.</li>
</ol>
${insecure}
<p>If the scanner cannot read the game's memory (it needs administrator rights on Windows and root on Linux), it says so and what to do, and the staff see that too.</p>`;
}

function retentionHtml(days: number): string {
  return days === 0
    ? 'This server keeps scans until its operator removes them.'
    : `This server removes a scan, with everything the scanner sent, ${plural(days, 'day')} after it ended.`;
}

/**
 * Proving the account for the scan (docs/risk-score.md, "Whose scan it is"): without it, a scan's
 * result counts only for the community that ran it, since anyone could claim any account. The proof
 * goes through the link the scanner shows once it started, so it is bound to that scan.
 */
function proofHtml(enabled: boolean): string {
  if (!enabled) return '';
  return `<h2>Prove it is your account</h2>
<p>Once the scanner has started, it shows a link: open it and sign in with Discord before the scan finishes. The scan then counts as yours, and your risk score is built only from scans proven to be you: nobody can put someone else's scan on your account. Discord tells this server only your user ID and name (scope <code>identify</code>), nothing else, and the server keeps no Discord token.</p>`;
}

/** What a proof link opens: which scan it ties to the account, and one button (docs/risk-score.md). */
export function proofConfirmPage(target: {
  token: string;
  pinCode: string;
  gameType: string;
  enterprise: string;
  startedAt: string | null;
}): string {
  return serverPage({
    title: 'Prove your Discord account for this scan',
    robots: 'noindex, nofollow',
    body: `<h1>Prove your Discord account for this scan</h1>
<p>This ties the scan that is running on <strong>your computer</strong> right now to your Discord account: the ${escapeHtml(target.gameType)} check for <strong>${escapeHtml(target.enterprise)}</strong> with PIN <code>${escapeHtml(target.pinCode)}</code>${target.startedAt === null ? '' : `, started at ${escapeHtml(target.startedAt)} (UTC)`}.</p>
<p><strong>Only continue if you are running this scan yourself.</strong> If someone sent you this link, close this page: their scan would count as yours.</p>
<form method="post" action="/scan/discord">
<input type="hidden" name="token" value="${escapeHtml(target.token)}">
<p><button type="submit">Sign in with Discord</button></p>
</form>
<p class="muted">Discord tells this server only your user ID and name (scope <code>identify</code>), nothing else, and the server keeps no Discord token.</p>`,
  });
}

/** What the player sees after proving (or failing to prove) their account. */
export function proofResultPage(
  outcome: { ok: true; username: string } | { ok: false; message: string },
): string {
  const body = outcome.ok
    ? `<h1>Your account is proven for this scan</h1>
<p>Signed in with Discord as <strong>${escapeHtml(outcome.username)}</strong>. Go back to the scanner and let it finish. If this is not your account, tell the staff who gave you the PIN.</p>`
    : `<h1>Your account was not proven</h1>
<p>${escapeHtml(outcome.message)}</p>`;
  return serverPage({
    title: 'Prove your Discord account',
    robots: 'noindex, nofollow',
    body: `${body}
<p><a href="/scan">Back to the scan page</a></p>
<footer>scanpin. This page loads nothing from other sites.</footer>`,
  });
}

function itemHtml(item: Disclosed, note = ''): string {
  return `<li><strong>${escapeHtml(item.title)}</strong>: ${escapeHtml(item.detail)}${note}</li>`;
}

/**
 * What a scan for one PIN collects on the player's platform, as the scanner's prompt lists it
 * (docs/scan-client.md, "What is collected"): for the `/scan/<PIN>` page.
 */
export function pinDisclosureHtml(platform: string, game: GameType): string {
  const items = disclosureForGame(platform, game)
    .map((item) => itemHtml(item))
    .join('');
  const never = NEVER_COLLECTED.map((item) => `<li>${escapeHtml(item)}</li>`).join('');
  return `<ul>${items}</ul>\n<p>It never collects:</p>\n<ul>${never}</ul>`;
}

/**
 * The player's page (docs/scan-client.md, "For players"): what a scan is, who sees the result, the
 * scanner's own list of what it collects and never collects (the same module the scanner shows before
 * asking for consent), the downloads with their SHA-256, and how to run it.
 */
export function scanPage(input: ScanPageInput): string {
  const server = input.serverUrl;
  // Grouped as the scanner shows them: a player on Linux is shown only the first group, and only
  // the items their game's plan asks for.
  const collected = (Object.keys(PLATFORM_HEADINGS) as DisclosedPlatform[])
    .map((platform) => {
      const items = disclosureByGame()
        .filter(({ item }) => item.platform === platform)
        .map(({ item, onlyFor }) =>
          itemHtml(item, onlyFor === null ? '' : ` <em>${escapeHtml(onlyForNote(onlyFor))}</em>`),
        )
        .join('');
      return `<h3>${escapeHtml(PLATFORM_HEADINGS[platform])}</h3>\n<ul>${items}</ul>`;
    })
    .join('\n');
  const never = NEVER_COLLECTED.map((item) => `<li>${escapeHtml(item)}</li>`).join('');
  return serverPage({
    title: 'Scan your computer with scanpin',
    robots: 'noindex, nofollow',
    body: `<h1>Scan your computer with scanpin</h1>
<p>A community's staff gave you an 8-character PIN and asked you to scan your computer. This page says where to get the scanner, what the scan does, and who sees the result.</p>

${downloadHtml(input.downloads, server)}

<h2>What a scan is</h2>
<p>The scanner is a program you run once, while the game is running. Before it reads anything it shows you the list below and asks you to agree. It then looks for known cheat clients by what is inside the game's files and memory (not by file names), sends what it found to this server, and prints a receipt of what it sent. The scanner decides nothing itself: this server judges what was sent with its rules and gives the scan its result: clean, suspicious or cheating.</p>

<h2>Who sees the result</h2>
<ul>
<li><strong>The staff who gave you the PIN</strong> see the result, what was found, and everything the scanner sent, including the Discord accounts on your computer, in their dashboard or through their bots. If they made the PIN private, only the person who made it sees it; otherwise the other staff of their community see it too.</li>
<li><strong>Other communities that use this server</strong>, if they hold a licence, can look up your Discord ID and see your risk score (0 to 100) and scan history: how many scans and detections you had, the cheats detected, bans and warnings, staff notes, and other Discord accounts seen on the same computer. They see only scans tied to your account: ones you proved by signing in with Discord for the PIN. They do not see what the scanner sent.</li>
<li><strong>Anyone the staff send a share link to</strong> sees the result and what was found, without your Discord accounts, hardware or address.</li>
<li><strong>The operator of this server</strong> can read everything it keeps, and can give you a copy of what it keeps about your Discord account, or erase it.</li>
</ul>
<p>When a scan starts, the scanner also sends hardware IDs of your computer. This server keeps them only as keyed fingerprints, to link the accounts used on the same computer: they share one risk score. ${retentionHtml(input.retentionDays)}</p>

<h2>What the scanner collects</h2>
<p class="muted">The scanner shows this same list before every scan. It reads only what the scan for your game needs.</p>
${collected}

<h2>What it never collects</h2>
<ul>${never}</ul>

${proofHtml(input.proofEnabled)}
<footer>scanpin. This page loads nothing from other sites.</footer>`,
  });
}
