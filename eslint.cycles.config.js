// The app's import-cycle check (import/no-cycle) on its own. eslint.config.js includes it; npm
// test (scripts/test.mjs) runs it apart, on the core the typed lint leaves idle once format and
// typecheck are done: it was a quarter of lint's time (27 of 148 s of CPU). It needs no type
// information, only each module's imports.
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export const importSettings = {
  'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
};

/**
 * Cycles only matter in the app's own modules; nothing under src imports tests, benches or
 * scripts, so a cycle cannot pass through them (on tests, which import the whole app, the rule
 * cost 80 of lint's 145 s). No package imports our modules, so it need not walk into them
 * (ignoreExternal), and its precomputed strongly connected components cost more than they save
 * here (disableScc): the rule took 18.5 s on src/server with them, 6.3 s without.
 */
export const cycleCheck = {
  files: ['src/**/*.{ts,tsx}'],
  plugins: { import: importPlugin },
  settings: importSettings,
  rules: { 'import/no-cycle': ['error', { ignoreExternal: true, disableScc: true }] },
};

export default [
  { ignores: ['dist/**', 'node_modules/**'] },
  {
    ...cycleCheck,
    languageOptions: { parser: tseslint.parser },
    // The code's comments that turn other rules off name them: their plugins are known here,
    // their rules not run, and those comments not reported as unused.
    plugins: {
      ...cycleCheck.plugins,
      'react-hooks': reactHooks,
      '@typescript-eslint': tseslint.plugin,
    },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
  },
];
