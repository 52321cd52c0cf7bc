/**
 * The wire and interop tests run twice (vitest.config.ts): in the `package` project against generated/, which
 * imports @asmxgen/runtime, and in the `vendor` project against the same service generated with
 * --runtime vendor. This checks each project really runs the runtime it names.
 */
import { SoapFault as PackageSoapFault } from '@asmxgen/runtime/server';
import { expect, it } from 'vitest';
import { SoapFault } from '../../generated/index.js';

it('the generated server runs the runtime of its project: the package, or the copy vendored beside it', ({ task }) => {
  const project = task.file.projectName;
  expect(['package', 'vendor']).toContain(project);
  expect(SoapFault === PackageSoapFault).toBe(project === 'package');
});
