import { BUILTIN_TYPES } from './builtin-types.js';
import type { ArrayTypeModel, ChoiceElementModel } from './type-model.js';
import type { TypeRef } from './type-refs.js';

/** What the array rules need to know of a declared type. */
export interface NamedTypeFacts {
  readonly xmlName: string;
  /** A struct or enum: items are not nillable. */
  readonly valueType: boolean;
}

/**
 * The `ArrayOfX` types of a service, named as the runtime names them: `ArrayOf` + the item's XSD name or XML type
 * name made Pascal-case as XmlSerializer's `CodeIdentifier.MakePascal` makes it (`ArrayOfString`, `ArrayOfCServico`
 * for `cServico`, `ArrayOfAB` for `ab`, `ArrayOfMyitem` for `my-item`); the same item type with another item name,
 * with items nillable where the other's are not (`[XmlArrayItem(IsNullable = false)]`), or unqualified where the
 * other's are not (`[XmlArrayItem(Form = XmlSchemaForm.Unqualified)]`), gets a number, in
 * reflection order (`ArrayOfLine`, `ArrayOfLine1`, `ArrayOfLine2`). Items with a `DataType`
 * (`[XmlArrayItem(DataType = "date")]`) are named and typed by it: `ArrayOfDate` of `date` items, apart from the
 * C# type's `ArrayOfDateTime`. Ask in reflection order.
 */
export class ArrayTypes {
  private readonly byKey = new Map<string, ArrayTypeModel>();
  private readonly used = new Map<string, number>();
  private choices = 0;

  constructor(
    private readonly named: (name: string) => NamedTypeFacts,
    private readonly created: (array: ArrayTypeModel) => void = () => {},
    /** Whether a declared type of the service namespace has this XML name (a class named `ArrayOfInt`). */
    private readonly taken: (xmlName: string) => boolean = () => false,
  ) {}

  /**
   * The array type of `item` with items named `itemName` (the item's own name by default); `itemNullable: false`
   * (`[XmlArrayItem(IsNullable = false)]`) writes a reference type's items without `nillable`; `itemForm`
   * (`[XmlArrayItem(Form = XmlSchemaForm.Unqualified)]`) writes them in no namespace, an array type of their own.
   */
  get(item: TypeRef, itemName: string | undefined, itemNullable?: boolean, itemForm?: 'unqualified'): ArrayTypeModel {
    const name = itemName ?? this.defaultItemName(item);
    const itemNillable = itemNullable === false ? false : this.nillable(item);
    const key = `${itemKey(item)}|${name}|${itemNillable}|${itemForm ?? ''}`;
    let found = this.byKey.get(key);
    if (!found) {
      const stem = `ArrayOf${this.stem(item)}`;
      // A declared type of the name holds it, as the runtime's scope of type names does: the array is numbered.
      let n = this.used.get(stem) ?? 0;
      while (this.taken(n === 0 ? stem : `${stem}${n}`)) n++;
      this.used.set(stem, n + 1);
      found = {
        name: n === 0 ? stem : `${stem}${n}`,
        item,
        itemName: name,
        itemNillable,
        ...(itemForm !== undefined && { itemForm }),
      };
      this.byKey.set(key, found);
      this.created(found);
    }
    return found;
  }

  /**
   * The array type of items that are one of `elements` (`[XmlArrayItem(Name, typeof(T))]`s): `ArrayOfChoice1`,
   * `ArrayOfChoice2`, … numbered in reflection order, a new one per member or parameter (the runtime shares none,
   * even between sites of the same elements).
   */
  choice(item: TypeRef, elements: readonly ChoiceElementModel[]): ArrayTypeModel {
    this.choices += 1;
    const found: ArrayTypeModel = {
      name: `ArrayOfChoice${this.choices}`,
      item,
      itemName: elements[0]!.name,
      itemNillable: elements.some((e) => e.nillable),
      choice: { minOccurs: '0', maxOccurs: 'unbounded', elements },
    };
    this.byKey.set(`choice|${this.choices}`, found);
    this.created(found);
    return found;
  }

  /** Whether items of `item` are nillable in an array type (reference types and `T?`). */
  itemNillable(item: TypeRef): boolean {
    return this.nillable(item);
  }

  /** Every array type, in the order first asked for. */
  all(): ArrayTypeModel[] {
    return [...this.byKey.values()];
  }

  /** The name of an item element when nothing renames it: `string`, `Line`, `ArrayOfInt`. */
  defaultItemName(item: TypeRef): string {
    switch (item.kind) {
      case 'builtin':
        return item.dataType ?? BUILTIN_TYPES[item.name].xsdName;
      case 'class':
      case 'enum':
        return this.named(item.name).xmlName;
      case 'nullable':
        return this.defaultItemName(item.of);
      case 'array':
        return item.arrayType ?? this.get(item.item, item.itemName).name;
      case 'dictionary':
        throw new Error(`XmlSerializer reflects no ${item.spec}: it has no array type`);
    }
  }

  private stem(item: TypeRef): string {
    if (item.kind === 'builtin') return item.dataType ? makePascal(item.dataType) : BUILTIN_TYPES[item.name].arrayStem;
    if (item.kind === 'nullable') return this.stem(item.of);
    return makePascal(this.defaultItemName(item));
  }

  private nillable(item: TypeRef): boolean {
    switch (item.kind) {
      case 'builtin':
        return !BUILTIN_TYPES[item.name].valueType;
      case 'class':
      case 'enum':
        return !this.named(item.name).valueType;
      case 'nullable':
      case 'array':
      case 'dictionary':
        return true;
    }
  }
}

/** What tells item types apart: the reference as the spec spells it, and a built-in's `DataType`. */
function itemKey(item: TypeRef): string {
  const base = item.kind === 'nullable' ? item.of : item;
  return base.kind === 'builtin' && base.dataType ? `${item.spec}:${base.dataType}` : item.spec;
}

/**
 * A name as XmlSerializer's `CodeIdentifier.MakePascal` makes it for `ArrayOf` names: characters no identifier
 * holds dropped (`Item` before a leading digit, `Item` for nothing left), then two characters or fewer
 * upper-cased whole, else a lower-case first letter upper-cased.
 */
export function makePascal(name: string): string {
  // UTF-16 units, as .NET reads a string: a surrogate is no identifier character.
  let valid = name
    .split('')
    .filter((c) => /[\p{Lu}\p{Ll}\p{Lt}\p{Lm}\p{Lo}\p{Nd}\p{Mn}\p{Mc}\p{Pc}]/u.test(c))
    .join('');
  if (valid === '') valid = 'Item';
  else if (/^\p{Nd}/u.test(valid)) valid = `Item${valid}`;
  if (valid.length <= 2) return valid.toUpperCase();
  const first = valid.charAt(0);
  return first.toLowerCase() === first && first.toUpperCase() !== first ? first.toUpperCase() + valid.slice(1) : valid;
}
