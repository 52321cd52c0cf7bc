// Calls every operation of every proxy class that Mono's `wsdl` tool generated
// from the served WSDL (one proxy per protocol, in namespaces PSOAP, PSOAP12,
// PHttpGet, PHttpPost), against the URL given as the first argument. Prints one
// line per call, "protocol operation ok" or "protocol operation FAIL message",
// and a summary line "calls: N ok, M failed".
using System;
using System.Linq;
using System.Reflection;
using System.Web.Services.Protocols;

public static class CallAll
{
    public static int Main(string[] args)
    {
        string url = args[0];
        string value = args.Length > 1 ? args[1] : "{\"user\":\"a<b&c\"}";
        int passed = 0, failed = 0;
        var proxies = Assembly.GetExecutingAssembly().GetTypes()
            .Where(t => typeof(WebClientProtocol).IsAssignableFrom(t) && !t.IsAbstract)
            .OrderBy(t => t.Namespace, StringComparer.Ordinal);
        foreach (var type in proxies)
        {
            var proxy = (WebClientProtocol)Activator.CreateInstance(type);
            proxy.Url = url;
            var methods = type.GetMethods(BindingFlags.Public | BindingFlags.Instance | BindingFlags.DeclaredOnly)
                .Where(m => !m.Name.StartsWith("Begin") && !m.Name.StartsWith("End") && !m.Name.EndsWith("Async")
                            && m.GetCustomAttributes(false).Any(a => a.GetType().Name.EndsWith("MethodAttribute")));
            foreach (var method in methods.OrderBy(m => m.Name, StringComparer.Ordinal))
            {
                var arguments = method.GetParameters().Select(p => (object)value).ToArray();
                try
                {
                    method.Invoke(proxy, arguments);
                    passed++;
                    Console.WriteLine(type.Namespace + " " + method.Name + " ok");
                }
                catch (TargetInvocationException e)
                {
                    failed++;
                    Console.WriteLine(type.Namespace + " " + method.Name + " FAIL " + e.InnerException.GetType().Name + ": " + e.InnerException.Message.Replace("\n", " "));
                }
            }
        }
        Console.WriteLine("calls: " + passed + " ok, " + failed + " failed");
        return failed == 0 ? 0 : 1;
    }
}
