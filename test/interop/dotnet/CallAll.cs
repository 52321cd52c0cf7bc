// Calls every operation of every proxy class that Mono's `wsdl` tool generated
// from the served WSDL (one proxy per protocol, in namespaces PSOAP, PSOAP12,
// PHttpGet, PHttpPost), against the URL given as the first argument.
//
// Usage: mono CallAll.exe URL [VALUE_BASE64]
// VALUE_BASE64 is the UTF-8 value passed for every string parameter, base64-encoded
// so that CR, LF and characters outside the BMP survive the command line whatever the
// locale. Prints one line per call, "protocol operation ok" or "protocol operation FAIL
// message", and a summary line "calls: N ok, M failed"; exits 1 when a call failed.
//
// Each call's response is closed once the call returns, as .NET Framework's HttpWebRequest
// releases an empty one by itself (see Requests below): the calls reach the server as the
// proxies send them, on connections kept alive and reused.
using System;
using System.Linq;
using System.Net;
using System.Reflection;
using System.Text;
using System.Web.Services.Protocols;

public static class CallAll
{
    public static int Main(string[] args)
    {
        string url = args[0];
        string value = args.Length > 1
            ? Encoding.UTF8.GetString(Convert.FromBase64String(args[1]))
            : "{\"user\":\"a<b&c\"}";
        int passed = 0, failed = 0;
        var requests = new Requests();
        // The most specific prefix wins: every request the proxies make to the URL (and below it) is made here.
        WebRequest.RegisterPrefix(url, requests);
        var proxies = Assembly.GetExecutingAssembly().GetTypes()
            .Where(t => typeof(WebClientProtocol).IsAssignableFrom(t) && !t.IsAbstract)
            .OrderBy(t => t.Namespace, StringComparer.Ordinal);
        foreach (var type in proxies)
        {
            var proxy = (WebClientProtocol)Activator.CreateInstance(type);
            proxy.Url = url;
            // A call that hangs fails within 20 s rather than the default 100 s, and the proxy's remaining
            // calls are not made: with two connections per host, a server that holds two would otherwise
            // have every later call wait out its timeout.
            proxy.Timeout = 20000;
            bool timedOut = false;
            var methods = type.GetMethods(BindingFlags.Public | BindingFlags.Instance | BindingFlags.DeclaredOnly)
                .Where(m => !m.Name.StartsWith("Begin") && !m.Name.StartsWith("End") && !m.Name.EndsWith("Async")
                            && m.GetCustomAttributes(false).Any(a => a.GetType().Name.EndsWith("MethodAttribute")));
            foreach (var method in methods.OrderBy(m => m.Name, StringComparer.Ordinal))
            {
                var arguments = method.GetParameters().Select(p => (object)value).ToArray();
                if (timedOut)
                {
                    failed++;
                    Console.WriteLine(type.Namespace + " " + method.Name
                                      + " FAIL not called: an earlier call timed out");
                    continue;
                }
                try
                {
                    method.Invoke(proxy, arguments);
                    passed++;
                    Console.WriteLine(type.Namespace + " " + method.Name + " ok");
                }
                catch (TargetInvocationException e)
                {
                    failed++;
                    var web = e.InnerException as WebException;
                    timedOut = web != null && web.Status == WebExceptionStatus.Timeout;
                    Console.WriteLine(type.Namespace + " " + method.Name + " FAIL "
                                      + e.InnerException.GetType().Name + ": "
                                      + e.InnerException.Message.Replace("\r", " ").Replace("\n", " "));
                }
                requests.CloseLast();
            }
        }
        Console.WriteLine("calls: " + passed + " ok, " + failed + " failed");
        return failed == 0 ? 0 : 1;
    }
}

// Makes the proxies' requests (real HttpWebRequests, which the proxies set up as usual) and closes the
// last one's response. Mono's HttpWebRequest keeps a connection busy until its response is closed, even
// an empty one, and the HttpGet and HttpPost proxies never close the response of a void operation: they
// skip a body of Content-Length 0 and return. .NET Framework's HttpWebRequest frees such a connection
// itself. Without this, a server that frames the empty reply by Content-Length: 0 (ASMX does) would have
// the third void call on a host (two connections per host) wait until it times out.
sealed class Requests : IWebRequestCreate
{
    HttpWebRequest last;

    public WebRequest Create(Uri uri)
    {
        last = WebRequest.CreateHttp(uri);
        return last;
    }

    public void CloseLast()
    {
        var request = last;
        last = null;
        if (request == null || !request.HaveResponse) return;
        try
        {
            request.GetResponse().Close(); // the response the call had, not a new request
        }
        catch (WebException e)
        {
            if (e.Response != null) e.Response.Close();
        }
    }
}
