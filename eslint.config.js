import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './eslint/boundaries.js';

const providersImportNoModule = {
  group: ['**/modules/**'],
  message: 'Providers hold interfaces and drivers only; they never import modules (a module imports its provider).',
};

/** Twilio's SDK is the telephony provider's business: TwiML and webhook signatures go through it too. */
const twilioOnlyInTelephony = {
  name: 'twilio',
  message:
    'Only src/server/providers/telephony/ imports twilio: build TwiML and check signatures through it (telephony/twiml.ts).',
};

export default tseslint.config(
  { ignores: ['dist/', 'data/', '.tmp/', 'drizzle/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Modules meet through their contract, their tables and their .api.ts; the platform reads only the kernel's
    // tables (eslint/boundaries.js says which files are held to what, tests included).
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    plugins: { boundaries },
    rules: { 'boundaries/module-imports': 'error' },
  },
  {
    // Web files and providers set no-restricted-imports of their own below, naming twilio there too.
    files: ['src/**/*.ts'],
    ignores: ['src/web/**', 'src/server/providers/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [twilioOnlyInTelephony] }] },
  },
  {
    files: ['src/**/*.tsx', 'src/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Screens never reach server code: the contract is the seam.
      'no-restricted-imports': [
        'error',
        {
          paths: [twilioOnlyInTelephony],
          patterns: [
            {
              group: ['**/*.server', '**/*.server.ts', '**/*.db', '**/*.db.ts', '**/server/**'],
              message: 'Web code imports contracts only, never server code or tables.',
            },
          ],
        },
      ],
      // An action is called by its contract (callAction, useAction, useContractForm), never by a path written out.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/?api\\/(actions|kits)\\//]',
          message: 'Call actions by their contract (callAction(contract), useAction(contract)), not by a path.',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/?api\\/(actions|kits)\\//]',
          message: 'Call actions by their contract (callAction(contract), useAction(contract)), not by a path.',
        },
      ],
    },
  },
  {
    // The one place that turns a contract into a request.
    files: ['src/web/api.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // API tests call an action by its contract (caller.act, caller.actRaw), so a renamed path or field fails the type
    // check. A path written out is left to what the contracts do not cover: the old API's `.php` aliases, form-encoded
    // bodies ({ form: true }, the old screens' way), and the two paths that are no action on purpose (an unknown path's
    // 404, the action the error tests register). Tests that walk every action pass a variable path, which is not matched.
    files: ['src/**/*.test.ts', 'src/**/*.suite.ts', 'tests/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: [
            "CallExpression[callee.property.name='call']",
            ':matches([arguments.0.type="Literal"], [arguments.0.type="TemplateLiteral"][arguments.0.expressions.length=0])',
            ':not([arguments.0.value=/\\.php$/], [arguments.0.quasis.0.value.raw=/\\.php$/])',
            ':not([arguments.0.value=/^(nothing\\/here|test\\/provider-down)$/])',
            // `form: true` among the options (the third argument), first or second of them.
            ":not([arguments.2.properties.0.key.name='form'][arguments.2.properties.0.value.value=true], [arguments.2.properties.1.key.name='form'][arguments.2.properties.1.value.value=true])",
          ].join(''),
          message:
            'Call an action by its contract (caller.act(contract, input), or caller.actRaw for input outside the contract), not by its path.',
        },
      ],
    },
  },
  {
    files: ['src/server/providers/**'],
    // A driver test drives the whole app (actions, tables) against the driver; only code is held to the rule.
    ignores: ['src/server/providers/**/*.test.ts'],
    rules: {
      // Providers are interfaces and drivers: domain rules live in the module that owns them.
      'no-restricted-imports': [
        'error',
        {
          paths: [twilioOnlyInTelephony],
          patterns: [providersImportNoModule],
        },
      ],
    },
  },
  {
    // The telephony provider is where twilio is imported.
    files: ['src/server/providers/telephony/**'],
    ignores: ['src/server/providers/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [providersImportNoModule] }] },
  },
);
