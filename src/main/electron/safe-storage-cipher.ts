// Secrets sealed by the OS keychain (Keychain, DPAPI, libsecret/kwallet).
import { safeStorage } from 'electron';
import type { SecretCipher } from '../services/secrets/secret-cipher';

/** null when the OS offers no keychain (e.g. Linux without a secret service); the caller falls back to the key file. */
export function safeStorageCipher(): SecretCipher | null {
  if (!safeStorage.isEncryptionAvailable()) return null;
  // On Linux 'basic_text' means a hard-coded password: no better than our key file.
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') return null;
  return {
    kind: 'os-keychain',
    encrypt: async (plain) => safeStorage.encryptString(plain).toString('base64'),
    decrypt: async (sealed) => safeStorage.decryptString(Buffer.from(sealed, 'base64')),
  };
}
