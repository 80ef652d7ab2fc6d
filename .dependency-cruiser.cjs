// Who may import whom (rule 11 of ../shared/STYLE.md), checked by `npm run lint:deps`
// (part of `npm test`). Type-only imports count: a type is part of a module's surface.
/** Each renderer feature's public surface: the only files other features may import. */
const FEATURE_SURFACE = require('./src/renderer/src/features/surface.json');

const surfaceRules = Object.entries(FEATURE_SURFACE).map(([feature, files]) => ({
  name: `feature-surface-${feature}`,
  comment: `other features reach ${feature} only through its declared surface (src/renderer/src/features/surface.json)`,
  severity: 'error',
  from: { path: '^src/renderer/src/features/', pathNot: [`^src/renderer/src/features/${feature}/`, '\\.test\\.tsx?$', '^src/renderer/src/test-support/'] },
  to: { path: `^src/renderer/src/features/${feature}/`, pathNot: files.map((file) => `^src/renderer/src/features/${feature}/${file.replace(/\./g, '\\.')}$`) },
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
      to: { path: ['^src/main/core\\.ts$', '^src/main/host/', '^src/main/electron/', '^src/main/index\\.ts$', '^electron$'] },
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
      from: { pathNot: ['\\.test\\.tsx?$', '^bench/', '^e2e/', '^src/test-support/', '^src/renderer/src/test-support/', '^scripts/'] },
      to: { path: ['^src/test-support/', '^src/renderer/src/test-support/'] },
    },
    ...surfaceRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^out/', '^node_modules/', '^\\.cache/'] },
    tsConfig: { fileName: 'tsconfig.base.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
