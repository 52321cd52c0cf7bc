#!/usr/bin/env node
import { main } from '../dist/generator/cli/main.js';

// A reader that stops early (`asmxgen generate | head`) closes the pipe: what is left to print is dropped, and the
// command still finishes its work (no half-done output, no stack trace).
const dropOutput = () => {};
process.stdout.on('error', dropOutput);
process.stderr.on('error', dropOutput);

process.exitCode = await main(process.argv.slice(2));
