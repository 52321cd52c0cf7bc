// The JSON mode's samples (scripts/differential/json-mode.mjs): compiled with Differential.cs (its `Samples`:
// every member set, arrays of two, nested and derived objects, enums, flags, dates, `new T()`) and run against a
// JSON echo service's assembly, it prints the JSON Mono's JavaScriptSerializer writes of each sample of each echo,
// one tab-separated line each:
//
//   method  sample  json  clr-type
//
// and, first, one line per class of the namespace: its members as JavaScriptSerializer writes them (its public
// fields, then its properties, in declaration order; not `[ScriptIgnore]`), each as `CSharpName=XmlName`:
//
//   #members  class  name=xml,name=xml,…
//
// `mono JsonSamples.exe ECHO.dll NAMESPACE`. A sample that cannot be made or written is `method sample - error`.
using System;
using System.Linq;
using System.Reflection;
using System.Web.Script.Serialization;
using System.Web.Services;
using System.Xml.Serialization;

public static class JsonSamples
{
    public static int Main(string[] args)
    {
        Assembly assembly = Assembly.LoadFrom(args[0]);
        string ns = args[1];
        Type service = assembly.GetTypes().First(t => t.Namespace == ns && typeof(WebService).IsAssignableFrom(t));
        foreach (Type type in assembly.GetTypes().Where(t => t.Namespace == ns && t.IsClass && t != service).OrderBy(t => t.Name, StringComparer.Ordinal))
        {
            var members = type.GetFields(BindingFlags.Public | BindingFlags.Instance)
                .Where(f => !f.IsDefined(typeof(ScriptIgnoreAttribute), true))
                .Select(f => f.Name + "=" + XmlName(f));
            Console.WriteLine("#members\t" + type.Name + "\t" + string.Join(",", members));
        }
        var serializer = new JavaScriptSerializer();
        var methods = service.GetMethods(BindingFlags.Public | BindingFlags.Instance | BindingFlags.DeclaredOnly)
            .Where(m => m.Name.StartsWith("Echo") && m.GetParameters().Length == 1)
            .OrderBy(m => m.Name, StringComparer.Ordinal);
        foreach (MethodInfo method in methods)
        {
            Type type = method.GetParameters()[0].ParameterType;
            if (type.IsByRef) type = type.GetElementType();
            foreach (var sample in Differential.Samples(type, assembly, ns))
            {
                string line = method.Name + "\t" + sample.Key + "\t";
                try
                {
                    string json = serializer.Serialize(sample.Value);
                    string clr = sample.Value == null ? "" : sample.Value.GetType().Name;
                    Console.WriteLine(line + json.Replace("\t", "\\t") + "\t" + clr);
                }
                catch (Exception e)
                {
                    Console.WriteLine(line + "-\t" + e.GetType().Name + ": " + e.Message.Replace('\t', ' ').Replace('\n', ' '));
                }
            }
        }
        return 0;
    }

    /// The name XmlSerializer gives a field: its element's, attribute's or array's name; `#text` for `[XmlText]`.
    static string XmlName(FieldInfo field)
    {
        if (field.IsDefined(typeof(XmlTextAttribute), false)) return "#text";
        foreach (object a in field.GetCustomAttributes(false))
        {
            var element = a as XmlElementAttribute;
            if (element != null && !string.IsNullOrEmpty(element.ElementName)) return element.ElementName;
            var attribute = a as XmlAttributeAttribute;
            if (attribute != null && !string.IsNullOrEmpty(attribute.AttributeName)) return attribute.AttributeName;
            var array = a as XmlArrayAttribute;
            if (array != null && !string.IsNullOrEmpty(array.ElementName)) return array.ElementName;
        }
        return field.Name;
    }
}
