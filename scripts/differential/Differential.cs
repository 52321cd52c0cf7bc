// The differential client (scripts/differential.mjs): compiled with Mono's `wsdl` proxies of echo services
// (one C# namespace `{prefix}_{protocol}` per service and protocol), it calls every `Echo*` method of every
// proxy of one service on two servers with the same samples, and prints one tab-separated line per call:
//
//   protocol  method  sample  identical|differs|both-failed|sample-error  detail
//
// `mono Differential.exe PREFIX URL_A URL_B`: URL_A is the real runtime (through the recording proxy), URL_B
// asmxgen; both end in `/Name.asmx`. The returned objects are compared as XmlSerializer writes them.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text;
using System.Web.Services.Protocols;
using System.Xml;
using System.Xml.Serialization;

public static class Differential
{
    static readonly string[] Protocols = { "SOAP", "SOAP12", "HttpGet", "HttpPost" };

    public static int Main(string[] args)
    {
        string prefix = args[0], urlA = args[1], urlB = args[2];
        Assembly assembly = typeof(Differential).Assembly;
        foreach (string protocol in Protocols)
        {
            string ns = prefix + "_" + protocol;
            Type proxyType = assembly.GetTypes()
                .Where(t => t.Namespace == ns && typeof(WebClientProtocol).IsAssignableFrom(t) && !t.IsAbstract)
                .OrderBy(t => t.Name, StringComparer.Ordinal).FirstOrDefault();
            if (proxyType == null) continue;
            var methods = proxyType.GetMethods(BindingFlags.Public | BindingFlags.Instance | BindingFlags.DeclaredOnly)
                .Where(m => m.Name.StartsWith("Echo") && !m.Name.EndsWith("Async") && m.GetParameters().Length == 1)
                .OrderBy(m => m.Name, StringComparer.Ordinal);
            foreach (MethodInfo method in methods)
            {
                // An echo whose WSDL names its parameter and result alike (a class's [XmlRoot] names both) is
                // `void EchoX(ref X name)` to wsdl: the value comes back in the parameter.
                Type type = method.GetParameters()[0].ParameterType;
                if (type.IsByRef) type = type.GetElementType();
                // The HTTP proxies pass an enum as its XML name, a string.
                if (type == typeof(string) && method.ReturnType.IsEnum)
                {
                    string name = XmlName(method.ReturnType, EnumSample(method.ReturnType));
                    Call(protocol, proxyType, method, "rich", name, urlA, urlB);
                    continue;
                }
                foreach (var sample in Samples(type, assembly, ns))
                    Call(protocol, proxyType, method, sample.Key, sample.Value, urlA, urlB);
            }
        }
        return 0;
    }

    static void Call(string protocol, Type proxyType, MethodInfo method, string name, object value, string urlA, string urlB)
    {
        string line = protocol + "\t" + method.Name + "\t" + name + "\t";
        Type type = EchoedType(method);
        string a, b, errorA = null, errorB = null;
        a = Invoke(proxyType, method, value, urlA, type, out errorA);
        b = Invoke(proxyType, method, value, urlB, type, out errorB);
        if (errorA != null && errorB != null)
            Console.WriteLine(line + "both-failed\t" + Clean(errorA) + " | " + Clean(errorB));
        else if (errorA != null || errorB != null)
            Console.WriteLine(line + "differs\truntime: " + Clean(errorA ?? "ok") + " | asmxgen: " + Clean(errorB ?? "ok"));
        else if (a == b)
            Console.WriteLine(line + "identical\t");
        else
            Console.WriteLine(line + "differs\t" + FirstDifference(a, b));
    }

    static string Invoke(Type proxyType, MethodInfo method, object value, string url, Type type, out string error)
    {
        error = null;
        try
        {
            var proxy = (WebClientProtocol)Activator.CreateInstance(proxyType);
            proxy.Url = url;
            proxy.Timeout = 30000;
            var arguments = new[] { value };
            object result = method.Invoke(proxy, arguments);
            if (method.ReturnType == typeof(void)) result = arguments[0];
            return Serialize(type, result);
        }
        catch (TargetInvocationException e)
        {
            error = e.InnerException.GetType().Name + ": " + e.InnerException.Message;
        }
        catch (Exception e)
        {
            error = e.GetType().Name + ": " + e.Message;
        }
        return null;
    }

    /// The type an echo returns: its result's, or (`void EchoX(ref X name)`) its parameter's.
    static Type EchoedType(MethodInfo method)
    {
        Type parameter = method.GetParameters()[0].ParameterType;
        return method.ReturnType == typeof(void) && parameter.IsByRef ? parameter.GetElementType() : method.ReturnType;
    }

    static string Serialize(Type type, object value)
    {
        if (value == null) return "(null)";
        var writer = new StringWriter();
        new XmlSerializer(type, new XmlRootAttribute("value")).Serialize(writer, value);
        return writer.ToString();
    }

    static string XmlName(Type type, object value)
    {
        var writer = new StringWriter();
        new XmlSerializer(type, new XmlRootAttribute("v")).Serialize(writer, value);
        var doc = new XmlDocument();
        doc.LoadXml(writer.ToString());
        return doc.DocumentElement.InnerText;
    }

    static string Clean(string text)
    {
        text = text.Replace('\t', ' ').Replace('\r', ' ').Replace('\n', ' ');
        return text.Length > 300 ? text.Substring(0, 300) + "…" : text;
    }

    static string FirstDifference(string a, string b)
    {
        int i = 0;
        while (i < a.Length && i < b.Length && a[i] == b[i]) i++;
        int from = Math.Max(0, i - 60);
        Func<string, string> at = s => Clean(s.Substring(Math.Min(from, s.Length), Math.Min(140, Math.Max(0, s.Length - from))));
        return "runtime: " + at(a) + " | asmxgen: " + at(b);
    }

    // ---------------------------------------------------------------------------------------------
    // Samples: every member set (arrays of two, nested objects, derived classes, enums, flags), `new T()`,
    // and, for a class with derived classes, one of each.

    internal static IEnumerable<KeyValuePair<string, object>> Samples(Type type, Assembly assembly, string ns)
    {
        var list = new List<KeyValuePair<string, object>>();
        Func<string, Func<object>, bool> add = (name, make) =>
        {
            try { list.Add(new KeyValuePair<string, object>(name, make())); }
            catch (Exception e) { Console.WriteLine("\t\t" + name + "\tsample-error\t" + Clean(e.Message)); }
            return true;
        };
        add("rich", () => Make(type, 0, assembly, ns));
        Type item = type.IsArray ? null : type;
        if (item != null && item.IsClass && !item.IsAbstract && item != typeof(string) && item.GetConstructor(Type.EmptyTypes) != null)
            add("new", () => Activator.CreateInstance(item));
        if (item != null && item.IsClass)
            foreach (Type derived in Derived(item, assembly, ns).Take(3))
                add("derived " + derived.Name, () => Fill(derived, 0, assembly, ns));
        return list;
    }

    static IEnumerable<Type> Derived(Type type, Assembly assembly, string ns)
    {
        return assembly.GetTypes()
            .Where(t => t.Namespace == ns && t != type && !t.IsAbstract && type.IsAssignableFrom(t))
            .OrderBy(t => t.Name, StringComparer.Ordinal);
    }

    static object Make(Type type, int depth, Assembly assembly, string ns, string dataType = null)
    {
        if (type == typeof(string)) return StringSample(dataType, depth);
        if (type == typeof(bool)) return true;
        if (type == typeof(sbyte)) return (sbyte)-7;
        if (type == typeof(byte)) return (byte)200;
        if (type == typeof(short)) return (short)-300;
        if (type == typeof(ushort)) return (ushort)60000;
        if (type == typeof(int)) return 123456;
        if (type == typeof(uint)) return 4000000000u;
        if (type == typeof(long)) return 9007199254740993L;
        if (type == typeof(ulong)) return 18446744073709551615UL;
        if (type == typeof(float)) return 1.5f;
        if (type == typeof(double)) return 2.25;
        if (type == typeof(decimal)) return 12.345m;
        if (type == typeof(char)) return 'c';
        if (type == typeof(DateTime))
            return dataType == "date" ? new DateTime(2001, 2, 3) : new DateTime(2001, 2, 3, 4, 5, 6, 789, DateTimeKind.Utc);
        if (type == typeof(TimeSpan)) return TimeSpan.FromMinutes(90);
        if (type == typeof(Guid)) return new Guid("3f2504e0-4f89-11d3-9a0c-0305e82c3301");
        if (type == typeof(byte[])) return new byte[] { 0, 137, 255 };
        if (type == typeof(XmlQualifiedName)) return new XmlQualifiedName("q", "urn:example:q");
        if (type == typeof(object)) return "o";
        if (typeof(XmlNode).IsAssignableFrom(type))
        {
            var doc = new XmlDocument();
            XmlElement e = doc.CreateElement("any", "urn:example:any");
            e.InnerText = "x";
            return e;
        }
        if (Nullable.GetUnderlyingType(type) != null) return Make(Nullable.GetUnderlyingType(type), depth, assembly, ns, dataType);
        if (type.IsEnum) return EnumSample(type);
        if (type.IsArray)
        {
            if (depth > 3) return null;
            Type item = type.GetElementType();
            Array array = Array.CreateInstance(item, 2);
            array.SetValue(Make(item, depth + 1, assembly, ns, dataType), 0);
            array.SetValue(Make(item, depth + 1, assembly, ns, dataType), 1);
            return array;
        }
        if (type.IsClass)
        {
            if (depth > 3) return null;
            Type concrete = type.IsAbstract ? Derived(type, assembly, ns).FirstOrDefault() : type;
            if (concrete == null || concrete.GetConstructor(Type.EmptyTypes) == null) return null;
            if (concrete.FullName.StartsWith("System.Data.")) return null;
            return Fill(concrete, depth, assembly, ns);
        }
        return Activator.CreateInstance(type);
    }

    static object Fill(Type type, int depth, Assembly assembly, string ns)
    {
        object value = Activator.CreateInstance(type);
        var fields = type.GetFields(BindingFlags.Public | BindingFlags.Instance);
        foreach (FieldInfo field in fields)
        {
            if (field.IsDefined(typeof(XmlIgnoreAttribute), false))
            {
                if (field.FieldType == typeof(bool) && field.Name.EndsWith("Specified")) field.SetValue(value, true);
                continue;
            }
            if (field.IsDefined(typeof(XmlAnyAttributeAttribute), false)) continue;
            var choice = (XmlChoiceIdentifierAttribute)field.GetCustomAttributes(typeof(XmlChoiceIdentifierAttribute), false).FirstOrDefault();
            var elements = field.GetCustomAttributes(typeof(XmlElementAttribute), false).Cast<XmlElementAttribute>().ToArray();
            if (choice != null) { FillChoice(value, field, choice, elements, depth, assembly, ns); continue; }
            Type memberType = field.FieldType;
            string dataType = elements.Select(e => e.DataType).FirstOrDefault(d => !string.IsNullOrEmpty(d));
            var attribute = (XmlAttributeAttribute)field.GetCustomAttributes(typeof(XmlAttributeAttribute), false).FirstOrDefault();
            if (attribute != null && !string.IsNullOrEmpty(attribute.DataType)) dataType = attribute.DataType;
            var text = (XmlTextAttribute)field.GetCustomAttributes(typeof(XmlTextAttribute), false).FirstOrDefault();
            if (text != null && !string.IsNullOrEmpty(text.DataType)) dataType = text.DataType;
            var arrayItem = field.GetCustomAttributes(typeof(XmlArrayItemAttribute), false).Cast<XmlArrayItemAttribute>().FirstOrDefault();
            if (arrayItem != null && !string.IsNullOrEmpty(arrayItem.DataType)) dataType = arrayItem.DataType;
            if (memberType == typeof(object) && elements.Length > 0 && elements[0].Type != null) memberType = elements[0].Type;
            if (memberType.IsArray && memberType.GetElementType() == typeof(object) && elements.Length > 0 && elements[0].Type != null)
            {
                Array items = Array.CreateInstance(typeof(object), 2);
                items.SetValue(Make(elements[0].Type, depth + 1, assembly, ns, dataType), 0);
                items.SetValue(Make(elements[elements.Length - 1].Type ?? elements[0].Type, depth + 1, assembly, ns, dataType), 1);
                field.SetValue(value, items);
                continue;
            }
            field.SetValue(value, Make(memberType, depth + 1, assembly, ns, dataType));
        }
        return value;
    }

    /// A choice: the value of the first element, and the identifier naming it.
    static void FillChoice(object value, FieldInfo field, XmlChoiceIdentifierAttribute choice, XmlElementAttribute[] elements, int depth, Assembly assembly, string ns)
    {
        FieldInfo identifier = field.DeclaringType.GetField(choice.MemberName);
        if (identifier == null || elements.Length == 0) return;
        XmlElementAttribute first = elements[0];
        Type itemType = first.Type ?? (field.FieldType.IsArray ? field.FieldType.GetElementType() : field.FieldType);
        Type enumType = identifier.FieldType.IsArray ? identifier.FieldType.GetElementType() : identifier.FieldType;
        object name = null;
        foreach (FieldInfo member in enumType.GetFields(BindingFlags.Public | BindingFlags.Static))
        {
            var xmlEnum = (XmlEnumAttribute)member.GetCustomAttributes(typeof(XmlEnumAttribute), false).FirstOrDefault();
            string written = xmlEnum != null ? xmlEnum.Name : member.Name;
            if (written == first.ElementName || written.EndsWith(":" + first.ElementName)) { name = member.GetValue(null); break; }
        }
        if (name == null) return;
        object item = Make(itemType, depth + 1, assembly, ns, first.DataType);
        if (field.FieldType.IsArray)
        {
            Array items = Array.CreateInstance(field.FieldType.GetElementType(), 2);
            items.SetValue(item, 0);
            items.SetValue(item, 1);
            field.SetValue(value, items);
            Array names = Array.CreateInstance(enumType, 2);
            names.SetValue(name, 0);
            names.SetValue(name, 1);
            identifier.SetValue(value, identifier.FieldType.IsArray ? names : name);
        }
        else
        {
            field.SetValue(value, item);
            identifier.SetValue(value, name);
        }
    }

    static object EnumSample(Type type)
    {
        Array values = Enum.GetValues(type);
        if (values.Length == 0) return Activator.CreateInstance(type);
        if (type.IsDefined(typeof(FlagsAttribute), false))
        {
            long bits = 0;
            int taken = 0;
            foreach (object v in values)
            {
                long n = Convert.ToInt64(v);
                if (n != 0 && taken < 2) { bits |= n; taken++; }
            }
            return Enum.ToObject(type, bits);
        }
        return values.GetValue(values.Length > 1 ? 1 : 0);
    }

    static string StringSample(string dataType, int depth)
    {
        switch (dataType)
        {
            case "integer": case "positiveInteger": case "nonNegativeInteger": return "9007199254740993";
            case "negativeInteger": case "nonPositiveInteger": return "-12";
            case "language": return "en-GB";
            case "anyURI": return "http://example.com/a?b=c";
            case "NMTOKENS": case "IDREFS": case "ENTITIES": return "ab cd";
            case "token": case "normalizedString": return "a b";
            case "Name": case "NCName": case "NMTOKEN": case "ID": case "IDREF": case "ENTITY": return "ab1";
            case "QName": return "ab";
            case null: case "": case "string": return "a < b & \"c\" " + depth;
            default: return "ab1";
        }
    }
}
