import { expect, it } from 'vitest';
import * as api from '../../generator/index.js';

it('exports by name exactly the values docs/api.md documents', () => {
  expect(Object.keys(api).sort()).toEqual(
    [
      'DEFAULT_BASE_URL',
      'DEFAULT_SPEC_PATH',
      'OutputError',
      'SpecError',
      'WsdlError',
      'XSD_TYPE_NAMES',
      'buildModel',
      'check',
      'diffModels',
      'formatCheck',
      'generate',
      'loadSpec',
      'loadSpecText',
      'mergeImpl',
      'readWsdl',
      'renderSpecYaml',
      'writeOutput',
    ].sort(),
  );
});
