// Who may import whom (rule 11 of ../shared/STYLE.md), checked by `npm run lint:deps`
// (part of `npm test`). Type-only imports count: a type is part of a module's surface.
const { readdirSync } = require('node:fs');
const { join } = require('node:path');

/** Each renderer feature's public surface: the only files other features may import. A feature not listed has none. */
const DECLARED = require('./src/renderer/src/features/surface.json');
const FEATURES = readdirSync(join(__dirname, 'src/renderer/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const FEATURE_SURFACE = Object.fromEntries(FEATURES.map((feature) => [feature, DECLARED[feature] ?? []]));

const surfaceRules = Object.entries(FEATURE_SURFACE).map(([feature, files]) => ({
  name: `feature-surface-${feature}`,
  comment: `other features reach ${feature} only through its declared surface (src/renderer/src/features/surface.json)`,
  severity: 'error',
  from: {
    path: '^src/renderer/src/features/',
    pathNot: [`^src/renderer/src/features/${feature}/`, '\\.test\\.tsx?$', '^src/renderer/src/test-support/'],
  },
  to: {
    path: `^src/renderer/src/features/${feature}/`,
    pathNot: files.map((file) => `^src/renderer/src/features/${feature}/${file.replace(/\./g, '\\.')}$`),
  },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'an import cycle breaks as soon as a module of it is imported first from elsewhere',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'services-stay-down',
      comment: 'services are Electron-free and never reach up to the core, a host or the Electron shell',
      severity: 'error',
      // Tests under services may drive the whole core (createCore) to check a service in place.
      from: { path: '^src/main/services/', pathNot: '\\.test\\.ts$' },
      to: {
        path: ['^src/main/core\\.ts$', '^src/main/host/', '^src/main/electron/', '^src/main/index\\.ts$', '^electron$'],
      },
    },
    {
      name: 'shared-is-plain',
      comment: 'src/shared runs in every host: no main, renderer or test code',
      severity: 'error',
      from: { path: '^src/shared/', pathNot: '\\.test\\.ts$' },
      to: { path: ['^src/main/', '^src/renderer/', '^src/preload/', '^src/test-support/'] },
    },
    {
      name: 'renderer-sees-only-shared',
      comment: 'the renderer talks to the core through the contract only',
      severity: 'error',
      from: { path: '^src/renderer/' },
      to: { path: ['^src/main/', '^src/preload/'] },
    },
    {
      name: 'test-support-only-in-tests',
      comment: 'test support is imported by tests, benches, e2e and other test support only',
      severity: 'error',
      from: {
        pathNot: [
          '\\.test\\.tsx?$',
          '^bench/',
          '^e2e/',
          '^src/test-support/',
          '^src/renderer/src/test-support/',
          '^scripts/',
        ],
      },
      to: { path: ['^src/test-support/', '^src/renderer/src/test-support/'] },
    },
    {
      name: 'no-feature-cycles',
      comment:
        'two features never import each other, also through others: one of them owns the seam (a type, a slot) and the other fits it',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/renderer/src/features/[^/]+$' },
      to: { path: '^src/renderer/src/features/[^/]+$', circular: true },
    },
    ...surfaceRules,
  ],
  options: {
    // Folder-level rules (no-feature-cycles) need the folder graph.
    metrics: true,
    doNotFollow: { path: 'node_modules' },
    // Tests are left out: they may wire several features (or the whole core) together, and nothing imports them.
    exclude: { path: ['^out/', '^node_modules/', '^\\.cache/', '\\.test\\.tsx?$'] },
    tsConfig: { fileName: 'tsconfig.base.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
