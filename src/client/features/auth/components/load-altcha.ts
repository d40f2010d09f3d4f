/**
 * Loads the ALTCHA widget, built for a strict Content-Security-Policy: the 'external' build injects
 * no <style> and creates no blob: workers. Its stylesheet is a file, and the proof-of-work workers
 * are our own same-origin scripts (Vite's ?worker). Only the login page imports this, lazily.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ShaWorker from 'altcha/workers/sha?worker';

let registered = false;

export function loadAltcha(): Promise<void> {
  if (!registered) {
    registered = true;
    for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) {
      globalThis.$altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
    }
    for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) {
      globalThis.$altcha.algorithms.set(algorithm, () => new ShaWorker());
    }
  }
  return Promise.resolve();
}
