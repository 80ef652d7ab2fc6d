// @vitest-environment jsdom
// The MCP page's words about consent match the rule: every MCP tool asks, whatever its server says of it.
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { cleanupApps, renderWithApp } from '@renderer/test-support/render-app';
import { McpView } from './McpView';

afterEach(cleanupApps);

describe('McpView', () => {
  it('says every MCP tool asks before it runs, read-only or not, in English and in Chinese', async () => {
    await renderWithApp(<McpView />, { language: 'en' });
    expect(screen.getByText(/Every one of them asks before it runs/)).toBeTruthy();
    expect(screen.queryByText(/run straight away/)).toBeNull();
    cleanupApps();
    await renderWithApp(<McpView />, { language: 'zh' });
    expect(screen.getByText(/每个工具运行前都会先询问/)).toBeTruthy();
    expect(screen.queryByText(/只读工具直接运行/)).toBeNull();
  });
});
