import { expect, it } from 'vitest';
import * as api from '../../generator/index.js';

it('exports by name exactly the values docs/api.md documents', () => {
  expect(Object.keys(api).sort()).toEqual(
    [
      'BUILTIN_NAMES',
      'DEFAULT_BASE_URL',
      'DEFAULT_SPEC_PATH',
      'NoWsdlError',
      'OutputError',
      'SpecError',
      'UnsupportedSpecError',
      'WsdlError',
      'XSD_TYPE_NAMES',
      'buildModel',
      'check',
      'contentPieces',
      'contentText',
      'diffModels',
      'formatCheck',
      'generate',
      'generateWsdl',
      'loadSpec',
      'loadSpecText',
      'mergeImpl',
      'readWsdl',
      'readWsdlDocuments',
      'renderSpecYaml',
      'renderWsdl',
      'serviceAddress',
      'writeOutput',
      'wsdlFingerprint',
    ].sort(),
  );
});
