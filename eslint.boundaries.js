// The layers of docs/ARCHITECTURE.md as lint rules: who may import whom. A file outside every
// element below is not checked; a new top-level folder under apps/*/src needs an entry here.
const server = 'apps/server/src';
const web = 'apps/web/src';

const elements = [
  { type: 'server-engine', pattern: `${server}/engine` },
  { type: 'server-lib', pattern: `${server}/lib` },
  { type: 'server-db', pattern: `${server}/db` },
  { type: 'server-plugins', pattern: `${server}/plugins` },
  { type: 'server-jobs', pattern: `${server}/jobs` },
  { type: 'server-module', pattern: `${server}/modules/*`, capture: ['module'] },
  { type: 'server-demo', pattern: `${server}/demo` },
  { type: 'server-cli', pattern: `${server}/cli` },
  { type: 'server-test', pattern: 'apps/server/test' },
  { type: 'web-lib', pattern: `${web}/lib` },
  { type: 'web-i18n', pattern: `${web}/i18n` },
  { type: 'web-components', pattern: `${web}/components` },
  { type: 'web-layout', pattern: `${web}/layout` },
  { type: 'web-feature', pattern: `${web}/features/*`, capture: ['feature'] },
  { type: 'web-app', pattern: `${web}/app` },
  { type: 'web-test', pattern: `${web}/test` },
  { type: 'server-root', pattern: server },
  { type: 'web-root', pattern: web },
];

const may = (from, to) => ({ from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: to } } } } });

// Server: engine is pure; lib ← db ← plugins/jobs ← modules ← demo/cli/root (db reads stored events
// as the engine's events). Modules reach each
// other only through a module's index.ts.
// Web: lib ← components ← layout ← features ← app; i18n sits beside lib; features never import
// another feature.
const policies = [
  may('server-engine', []),
  may('server-lib', []),
  may('server-db', ['server-lib', 'server-engine']),
  may('server-plugins', ['server-lib', 'server-db']),
  may('server-jobs', ['server-lib', 'server-db']),
  may('server-module', ['server-engine', 'server-lib', 'server-db', 'server-plugins', 'server-jobs']),
  // Another module's files are its internals: only its index.ts is public (to tests too, but for
  // their fixtures' direct inserts).
  // The parsed configuration's type is the one thing every layer above db may read from the root.
  {
    from: {
      element: { types: { anyOf: ['server-plugins', 'server-jobs', 'server-module', 'server-demo', 'server-cli'] } },
    },
    allow: { to: { element: { type: 'server-root', fileInternalPath: 'config.ts' } } },
  },
  {
    from: { element: { types: { anyOf: ['server-module', 'server-demo', 'server-cli', 'server-root'] } } },
    allow: { to: { element: { type: 'server-module', fileInternalPath: 'index.ts' } } },
  },
  may('server-demo', ['server-engine', 'server-lib', 'server-db', 'server-root']),
  may('server-cli', ['server-engine', 'server-lib', 'server-db', 'server-root', 'server-demo']),
  may('server-root', ['server-engine', 'server-lib', 'server-db', 'server-plugins', 'server-jobs', 'server-demo']),
  may('server-test', [
    'server-engine',
    'server-lib',
    'server-db',
    'server-plugins',
    'server-jobs',
    'server-module',
    'server-demo',
    'server-root',
    'server-test',
  ]),
  may('web-lib', ['web-i18n']),
  may('web-i18n', ['web-lib']),
  may('web-components', ['web-lib', 'web-i18n']),
  may('web-layout', ['web-lib', 'web-i18n', 'web-components']),
  may('web-feature', ['web-lib', 'web-i18n', 'web-components', 'web-layout']),
  may('web-app', ['web-lib', 'web-i18n', 'web-components', 'web-layout', 'web-feature', 'web-app']),
  may('web-root', ['web-lib', 'web-i18n', 'web-components', 'web-layout', 'web-feature', 'web-app', 'web-root']),
  may('web-test', ['web-lib', 'web-i18n', 'web-components', 'web-layout', 'web-feature', 'web-app', 'web-root']),
];

export const boundarySettings = {
  'boundaries/elements': elements,
  'boundaries/include': ['apps/*/src/**/*', 'apps/server/test/**/*'],
  'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
};

// Tests also reach the test support folders (fixtures, test apps, render helpers).
const testSupport = {
  allow: { to: { element: { types: { anyOf: ['server-test', 'web-test'] } } } },
};

export const boundaryRules = {
  'boundaries/dependencies': ['error', { default: 'disallow', policies }],
};

export const testBoundaryRules = {
  'boundaries/dependencies': ['error', { default: 'disallow', policies: [...policies, testSupport] }],
};
