/* Epic20 Site: re-check every die of a revealed encounter in the browser.
 *
 * The scheme (docs/api.md "Verifiable dice"): commitment = SHA-256(server_seed), published before
 * the first roll; the die with nonce n is HMAC-SHA256(key = server_seed,
 * msg = "<client_seed>:<n>"), whose first 8 bytes as a big-endian integer x give
 * face = x mod sides + 1, unless x falls in the rejection zone (x >= 2^64 - 2^64 mod sides), in
 * which case that nonce is spent and the next one is used.
 *
 * This script trusts nothing from the server but the data it checks: it recomputes every hash
 * with WebCrypto (crypto.subtle), no library and no network.
 */
(function () {
  "use strict";

  const TWO64 = 1n << 64n;

  function hexToBytes(hex) {
    if (!/^([0-9a-f]{2})*$/i.test(hex)) throw new Error("not hex");
    const out = new Uint8Array(hex.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(i * 2, 2), 16);
    return out;
  }

  function bytesToHex(bytes) {
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  async function sha256Hex(bytes) {
    return bytesToHex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)));
  }

  async function hmacKey(seedBytes) {
    return crypto.subtle.importKey("raw", seedBytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  }

  async function dieFor(key, clientSeed, nonce, sides) {
    const msg = new TextEncoder().encode(clientSeed + ":" + nonce);
    const digest = new Uint8Array(await crypto.subtle.sign("HMAC", key, msg));
    let x = 0n;
    for (let i = 0; i < 8; i++) x = (x << 8n) | BigInt(digest[i]);
    const n = BigInt(sides);
    if (x >= TWO64 - (TWO64 % n)) return null; // rejected: the nonce is spent
    return Number(x % n) + 1;
  }

  function mark(row, ok, text) {
    const cell = row.querySelector("[data-verdict]");
    cell.textContent = text;
    cell.classList.remove("text-muted");
    cell.classList.add(ok ? "text-success" : "text-danger");
    row.dataset.verified = ok ? "ok" : "failed";
  }

  async function verify(root) {
    const data = JSON.parse(document.getElementById("verify-data").textContent);
    const summary = root.querySelector("[data-summary]");
    const texts = JSON.parse(document.getElementById("verify-texts").textContent);
    if (!window.crypto || !window.crypto.subtle) {
      summary.textContent = texts.no_crypto;
      summary.className = "alert alert-warning";
      return;
    }
    // Each revealed seed must hash to its commitment.
    const keys = new Map();
    for (const seed of data.revealed) {
      const bytes = hexToBytes(seed.server_seed);
      const ok = (await sha256Hex(bytes)) === seed.commitment;
      const row = root.querySelector(`[data-commitment-row="${seed.commitment}"]`);
      if (row) mark(row, ok, ok ? texts.commitment_ok : texts.commitment_bad);
      if (ok) keys.set(seed.commitment, { key: await hmacKey(bytes), clientSeed: seed.client_seed });
    }
    let checked = 0;
    let failed = 0;
    let pending = 0;
    const seen = new Set();
    for (const roll of data.rolls) {
      const row = root.querySelector(`[data-roll="${roll.id}"]`);
      const seed = keys.get(roll.commitment);
      if (!seed) {
        pending++;
        if (row) {
          row.querySelector("[data-verdict]").textContent = texts.not_revealed;
          row.dataset.verified = "pending";
        }
        continue;
      }
      let ok = roll.faces.length === roll.nonces.length;
      for (let i = 0; ok && i < roll.faces.length; i++) {
        const nonce = roll.nonces[i];
        if (nonce === null || seen.has(nonce)) {
          ok = false;
          break;
        }
        seen.add(nonce);
        ok = (await dieFor(seed.key, seed.clientSeed, nonce, roll.sides)) === roll.faces[i];
      }
      checked++;
      if (!ok) failed++;
      if (row) mark(row, ok, ok ? texts.roll_ok : texts.roll_bad);
    }
    summary.textContent = texts.summary
      .replace("%(checked)s", checked)
      .replace("%(total)s", data.rolls.length)
      .replace("%(failed)s", failed)
      .replace("%(pending)s", pending);
    // Rolls whose seed is still secret are pending, not a success: only a full check is green.
    const verdict = failed ? "failed" : pending ? "pending" : "ok";
    const classes = { failed: "alert alert-danger", pending: "alert alert-warning", ok: "alert alert-success" };
    summary.className = classes[verdict];
    root.dataset.done = verdict;
  }

  document.addEventListener("DOMContentLoaded", function () {
    const root = document.getElementById("verify-root");
    if (!root) return;
    const button = root.querySelector("[data-verify]");
    const run = () => verify(root).catch((err) => {
      const summary = root.querySelector("[data-summary]");
      summary.textContent = String(err);
      summary.className = "alert alert-danger";
    });
    if (button) button.addEventListener("click", run);
    run();
  });
})();
