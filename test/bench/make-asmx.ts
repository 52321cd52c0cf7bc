/**
 * A large ASMX service in C#, for measuring `import` and `generate` at the scale of ERP and e-commerce services:
 * N web methods over N/5 classes (at least 20) and N/50 enums (at least 2). The classes reference each other
 * (a class, an array of another), every tenth derives from another, and hold the usual members, named after
 * their class (a derived class may not repeat its base's element names) (int, string,
 * decimal, DateTime, bool, int?, an enum, string[]). The methods cycle through five shapes: a class by id, an
 * array of a class by two parameters, a void taking a class, an int from a DateTime and an enum, a bool from a
 * Guid. The real runtime (`../shared/asmx-host/start.sh PORT DIR`) serves the WSDL measured.
 *
 *   node test/artifacts/bench/js/test/bench/make-asmx.js 1500 /tmp/large/Large1500.asmx
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface AsmxShape {
  readonly operations: number;
  readonly classes: number;
  readonly enums: number;
}

/** The classes and enums a service of `operations` web methods has. */
export function asmxShape(operations: number): AsmxShape {
  return {
    operations,
    classes: Math.max(20, Math.floor(operations / 5)),
    enums: Math.max(2, Math.floor(operations / 50)),
  };
}

/** The .asmx text of a service named `service` (its C# class; every type's name starts with it). */
export function largeAsmx(service: string, operations: number): string {
  const { classes, enums } = asmxShape(operations);
  const type = (k: number) => `${service}Entity${k}`;
  const enumType = (e: number) => `${service}Status${e}`;
  const lines: string[] = [
    `<%@ WebService Language="C#" Class="${service}" %>`,
    'using System;',
    'using System.Web.Services;',
    '',
  ];
  for (let e = 0; e < enums; e++) {
    lines.push(`public enum ${enumType(e)} { Open, Closed, Pending, Archived${e} }`, '');
  }
  for (let k = 0; k < classes; k++) {
    const base = k % 10 === 5 ? ` : ${type(k - 5)}` : '';
    lines.push(
      `public class ${type(k)}${base} {`,
      `  public int Id${k};`,
      `  public string Name${k};`,
      `  public decimal Amount${k};`,
      `  public DateTime Created${k};`,
      `  public bool Active${k};`,
      `  public int? ParentId${k};`,
      `  public ${enumType(k % enums)} State${k};`,
      `  public ${type((k + 1) % classes)} Next${k};`,
      `  public ${type((k + 3) % classes)}[] Children${k};`,
      `  public string[] Tags${k};`,
      '}',
      '',
    );
  }
  lines.push(`[WebService(Namespace = "http://example.com/${service}/")]`, `public class ${service} : WebService {`);
  for (let j = 0; j < operations; j++) {
    const t = type(j % classes);
    switch (j % 5) {
      case 0:
        lines.push(`  [WebMethod] public ${t} Get${j}(int id) { return null; }`);
        break;
      case 1:
        lines.push(`  [WebMethod] public ${t}[] Find${j}(string name, int max) { return null; }`);
        break;
      case 2:
        lines.push(`  [WebMethod] public void Save${j}(${t} item) { }`);
        break;
      case 3:
        lines.push(`  [WebMethod] public int Count${j}(DateTime since, ${enumType(j % enums)} state) { return 0; }`);
        break;
      default:
        lines.push(`  [WebMethod] public bool Exists${j}(Guid key) { return false; }`);
    }
  }
  lines.push('}', '');
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [count, file] = process.argv.slice(2);
  const operations = Number(count);
  if (!Number.isInteger(operations) || operations < 1 || file === undefined || !file.endsWith('.asmx')) {
    console.error('usage: make-asmx.js OPERATIONS FILE.asmx (the file name, less .asmx, names the service)');
    process.exit(2);
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, largeAsmx(basename(file, '.asmx'), operations));
}
