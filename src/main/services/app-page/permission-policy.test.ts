import { describe, expect, it } from 'vitest';
import { allowPermission } from './permission-policy';

const isApp = (url: string) => url.startsWith('file:///app/index.html');
const app = 'file:///app/index.html';

describe('permission policy', () => {
  it('lets the app page use the microphone, for voice input', () => {
    expect(allowPermission({ permission: 'media', url: app, mediaTypes: ['audio'] }, isApp)).toBe(true);
  });

  it('refuses the camera, screen capture, mixed requests and empty ones', () => {
    expect(allowPermission({ permission: 'media', url: app, mediaTypes: ['video'] }, isApp)).toBe(false);
    expect(allowPermission({ permission: 'media', url: app, mediaTypes: ['audio', 'video'] }, isApp)).toBe(false);
    expect(allowPermission({ permission: 'media', url: app, mediaTypes: [] }, isApp)).toBe(false);
    expect(allowPermission({ permission: 'display-capture', url: app, mediaTypes: [] }, isApp)).toBe(false);
  });

  it('refuses every other permission, and everything to other pages', () => {
    for (const permission of ['notifications', 'geolocation', 'clipboard-read', 'openExternal', 'midi'])
      expect(allowPermission({ permission, url: app, mediaTypes: [] }, isApp)).toBe(false);
    expect(allowPermission({ permission: 'media', url: 'https://evil.example/', mediaTypes: ['audio'] }, isApp)).toBe(
      false,
    );
  });
});
