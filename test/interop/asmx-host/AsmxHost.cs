// A minimal web server that hands every request to Mono's ASP.NET runtime
// (System.Web), so that .asmx services run as they would under XSP or IIS.
// Debian's mono-xsp4 does not start with Mono 6.8; this replaces it for tests.
//
// Usage: mono AsmxHost.exe PORT APP_DIR
//   PORT 0 picks a free port. Prints "listening on port N" once ready.
//   APP_DIR holds the .asmx files, web.config and bin/AsmxHost.exe (ASP.NET
//   loads this assembly from there into the application's domain).
//
// The listener is a plain TcpListener: it reads one HTTP/1.x request per
// connection (Content-Length or chunked body, answering Expect: 100-continue),
// passes verb, raw URL, every header and the whole body to ASP.NET through an
// HttpWorkerRequest, and writes back the status, headers and body ASP.NET
// produced, byte for byte, then closes the connection.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Net;
using System.Net.Sockets;
using System.Text;
using System.Threading;
using System.Web;
using System.Web.Hosting;

public static class AsmxHostProgram
{
    static string appDir;
    static AppHost host;
    static readonly object hostLock = new object();

    public static int Main(string[] args)
    {
        if (args.Length != 2)
        {
            Console.Error.WriteLine("usage: mono AsmxHost.exe PORT APP_DIR");
            return 2;
        }
        appDir = Path.GetFullPath(args[1]);
        var listener = new TcpListener(IPAddress.Loopback, int.Parse(args[0], CultureInfo.InvariantCulture));
        listener.Start();
        CurrentHost();
        Console.WriteLine("listening on port " + ((IPEndPoint)listener.LocalEndpoint).Port);
        Console.Out.Flush();
        while (true)
        {
            TcpClient client = listener.AcceptTcpClient();
            ThreadPool.QueueUserWorkItem(_ => Serve(client));
        }
    }

    // The application's domain; made again when ASP.NET has unloaded it.
    static AppHost CurrentHost()
    {
        lock (hostLock)
        {
            if (host == null)
                host = (AppHost)ApplicationHost.CreateApplicationHost(typeof(AppHost), "/", appDir);
            return host;
        }
    }

    static void Serve(TcpClient client)
    {
        try
        {
            using (client)
            {
                NetworkStream stream = client.GetStream();
                var request = HttpRequestReader.Read(stream);
                if (request == null)
                    return;
                var remote = (IPEndPoint)client.Client.RemoteEndPoint;
                var local = (IPEndPoint)client.Client.LocalEndPoint;
                byte[] reply;
                try
                {
                    reply = CurrentHost().Process(request.Verb, request.Target, request.Version, request.Headers,
                        request.Body, remote.Address.ToString(), remote.Port, local.Address.ToString(), local.Port);
                }
                catch (AppDomainUnloadedException)
                {
                    lock (hostLock) host = null;
                    reply = CurrentHost().Process(request.Verb, request.Target, request.Version, request.Headers,
                        request.Body, remote.Address.ToString(), remote.Port, local.Address.ToString(), local.Port);
                }
                stream.Write(reply, 0, reply.Length);
                stream.Flush();
                client.Client.Shutdown(SocketShutdown.Send);
            }
        }
        catch (Exception e)
        {
            Console.Error.WriteLine("AsmxHost: " + e);
        }
    }
}

// One parsed request: what the worker request hands to ASP.NET.
sealed class ParsedRequest
{
    public string Verb, Target, Version;
    public string[] Headers; // name, value, name, value, ... as received
    public byte[] Body;
}

static class HttpRequestReader
{
    public static ParsedRequest Read(Stream stream)
    {
        var reader = new ByteReader(stream);
        string requestLine = reader.ReadLine();
        if (string.IsNullOrEmpty(requestLine))
            return null;
        string[] parts = requestLine.Split(' ');
        if (parts.Length != 3)
            throw new InvalidDataException("bad request line: " + requestLine);
        var request = new ParsedRequest { Verb = parts[0], Target = parts[1], Version = parts[2] };
        var headers = new List<string>();
        long contentLength = 0;
        bool chunked = false, expectContinue = false;
        for (string line = reader.ReadLine(); line != ""; line = reader.ReadLine())
        {
            int colon = line.IndexOf(':');
            if (colon <= 0)
                throw new InvalidDataException("bad header line: " + line);
            string name = line.Substring(0, colon).Trim();
            string value = line.Substring(colon + 1).Trim();
            headers.Add(name);
            headers.Add(value);
            if (Is(name, "Content-Length")) contentLength = long.Parse(value, CultureInfo.InvariantCulture);
            if (Is(name, "Transfer-Encoding")) chunked = value.ToLowerInvariant().Contains("chunked");
            if (Is(name, "Expect")) expectContinue = Is(value, "100-continue");
        }
        request.Headers = headers.ToArray();
        if (expectContinue)
        {
            byte[] go = Encoding.ASCII.GetBytes("HTTP/1.1 100 Continue\r\n\r\n");
            stream.Write(go, 0, go.Length);
        }
        var body = new MemoryStream();
        if (chunked)
        {
            while (true)
            {
                string size = reader.ReadLine();
                int semicolon = size.IndexOf(';');
                int length = int.Parse(semicolon < 0 ? size : size.Substring(0, semicolon), NumberStyles.HexNumber);
                if (length == 0)
                {
                    while (reader.ReadLine() != "") { } // trailers
                    break;
                }
                reader.CopyTo(body, length);
                reader.ReadLine();
            }
            // ASP.NET reads the body by Content-Length: say how long the decoded body is.
            for (int i = 0; i < headers.Count; i += 2)
                if (Is(headers[i], "Transfer-Encoding")) { headers.RemoveRange(i, 2); break; }
            headers.Add("Content-Length");
            headers.Add(body.Length.ToString(CultureInfo.InvariantCulture));
            request.Headers = headers.ToArray();
        }
        else
        {
            reader.CopyTo(body, contentLength);
        }
        request.Body = body.ToArray();
        return request;
    }

    static bool Is(string a, string b)
    {
        return string.Equals(a, b, StringComparison.OrdinalIgnoreCase);
    }

    // Reads lines (ISO-8859-1, CRLF or LF) and raw bytes from one buffer.
    sealed class ByteReader
    {
        readonly Stream stream;
        readonly byte[] buffer = new byte[16384];
        int start, end;

        public ByteReader(Stream stream) { this.stream = stream; }

        bool Fill()
        {
            if (start < end) return true;
            start = 0;
            end = stream.Read(buffer, 0, buffer.Length);
            return end > 0;
        }

        public string ReadLine()
        {
            var line = new StringBuilder();
            while (true)
            {
                if (!Fill())
                    return line.Length == 0 ? null : line.ToString();
                byte b = buffer[start++];
                if (b == '\n')
                {
                    if (line.Length > 0 && line[line.Length - 1] == '\r') line.Length--;
                    return line.ToString();
                }
                line.Append((char)b);
            }
        }

        public void CopyTo(Stream target, long count)
        {
            while (count > 0)
            {
                if (!Fill()) throw new EndOfStreamException("the request body ended early");
                int n = (int)Math.Min(count, end - start);
                target.Write(buffer, start, n);
                start += n;
                count -= n;
            }
        }
    }
}

// Lives in the application's domain; runs one request at a time per call.
public sealed class AppHost : MarshalByRefObject
{
    public override object InitializeLifetimeService()
    {
        return null; // never let the remoting lease expire
    }

    public byte[] Process(string verb, string target, string version, string[] headers, byte[] body,
        string remoteAddress, int remotePort, string localAddress, int localPort)
    {
        var request = new WorkerRequest(verb, target, version, headers, body, remoteAddress, remotePort,
            localAddress, localPort);
        HttpRuntime.ProcessRequest(request);
        return request.WaitForReply();
    }
}

// Cassini-style: what ASP.NET asks of the web server, and where it writes the reply.
public sealed class WorkerRequest : HttpWorkerRequest
{
    readonly string verb, rawUrl, version, path, query, filePath, pathInfo;
    readonly string[] knownHeaders = new string[RequestHeaderMaximum];
    readonly string[][] unknownHeaders;
    readonly byte[] body;
    readonly string remoteAddress, localAddress;
    readonly int remotePort, localPort;

    int status = 200;
    string statusDescription = "OK";
    readonly StringBuilder responseHeaders = new StringBuilder();
    readonly MemoryStream responseBody = new MemoryStream();
    readonly ManualResetEvent ended = new ManualResetEvent(false);
    bool headersSent;

    public WorkerRequest(string verb, string target, string version, string[] headers, byte[] body,
        string remoteAddress, int remotePort, string localAddress, int localPort)
    {
        this.verb = verb;
        rawUrl = target;
        this.version = version;
        this.body = body;
        this.remoteAddress = remoteAddress;
        this.remotePort = remotePort;
        this.localAddress = localAddress;
        this.localPort = localPort;

        int q = target.IndexOf('?');
        path = HttpUtility.UrlDecode(q < 0 ? target : target.Substring(0, q));
        query = q < 0 ? "" : target.Substring(q + 1);
        SplitPath(path, out filePath, out pathInfo);

        var unknown = new List<string[]>();
        for (int i = 0; i < headers.Length; i += 2)
        {
            int index = GetKnownRequestHeaderIndex(headers[i]);
            if (index >= 0)
                knownHeaders[index] = knownHeaders[index] == null ? headers[i + 1] : knownHeaders[index] + ", " + headers[i + 1];
            else
                unknown.Add(new[] { headers[i], headers[i + 1] });
        }
        unknownHeaders = unknown.ToArray();
    }

    // "/X.asmx/Op" is the file "/X.asmx" and the path info "/Op": the first
    // prefix ending in a segment with a dot that names an existing file.
    static void SplitPath(string path, out string filePath, out string pathInfo)
    {
        int from = 0;
        while (true)
        {
            int dot = path.IndexOf('.', from);
            if (dot < 0) break;
            int slash = path.IndexOf('/', dot);
            if (slash < 0) break;
            string candidate = path.Substring(0, slash);
            if (File.Exists(MapToDisk(candidate)))
            {
                filePath = candidate;
                pathInfo = path.Substring(slash);
                return;
            }
            from = slash;
        }
        filePath = path;
        pathInfo = "";
    }

    static string MapToDisk(string virtualPath)
    {
        string relative = virtualPath.TrimStart('/').Replace('/', Path.DirectorySeparatorChar);
        return Path.Combine(HttpRuntime.AppDomainAppPath, relative);
    }

    public byte[] WaitForReply()
    {
        ended.WaitOne();
        var head = new StringBuilder();
        head.Append("HTTP/1.1 ").Append(status.ToString(CultureInfo.InvariantCulture)).Append(' ')
            .Append(statusDescription).Append("\r\n");
        head.Append(responseHeaders);
        head.Append("Connection: close\r\n\r\n");
        var reply = new MemoryStream();
        byte[] headBytes = Encoding.UTF8.GetBytes(head.ToString());
        reply.Write(headBytes, 0, headBytes.Length);
        responseBody.WriteTo(reply);
        return reply.ToArray();
    }

    // The request.
    public override string GetHttpVerbName() { return verb; }
    public override string GetHttpVersion() { return version; }
    public override string GetRawUrl() { return rawUrl; }
    public override string GetUriPath() { return path; }
    public override string GetQueryString() { return query; }
    public override byte[] GetQueryStringRawBytes() { return Encoding.UTF8.GetBytes(query); }
    public override string GetFilePath() { return filePath; }
    public override string GetPathInfo() { return pathInfo; }
    public override string GetFilePathTranslated() { return MapToDisk(filePath); }
    public override string GetAppPath() { return HttpRuntime.AppDomainAppVirtualPath; }
    public override string GetAppPathTranslated() { return HttpRuntime.AppDomainAppPath; }
    public override string MapPath(string virtualPath) { return MapToDisk(virtualPath); }
    public override string GetProtocol() { return "http"; }
    public override bool IsSecure() { return false; }
    public override string GetRemoteAddress() { return remoteAddress; }
    public override int GetRemotePort() { return remotePort; }
    public override string GetLocalAddress() { return localAddress; }
    public override int GetLocalPort() { return localPort; }

    // As XSP's worker request: the Host header without its port.
    public override string GetServerName()
    {
        string host = GetKnownRequestHeader(HeaderHost);
        if (string.IsNullOrEmpty(host)) return GetLocalAddress();
        int colon = host.IndexOf(':');
        if (colon == 0) return GetLocalAddress();
        return colon > 0 ? host.Substring(0, colon) : host;
    }

    public override string GetKnownRequestHeader(int index) { return knownHeaders[index]; }

    public override string GetUnknownRequestHeader(string name)
    {
        foreach (string[] header in unknownHeaders)
            if (string.Equals(header[0], name, StringComparison.OrdinalIgnoreCase)) return header[1];
        return null;
    }

    public override string[][] GetUnknownRequestHeaders() { return unknownHeaders; }

    public override string GetServerVariable(string name)
    {
        switch (name)
        {
            case "SERVER_PROTOCOL": return version;
            case "HTTPS": return "off";
            case "SERVER_SOFTWARE": return "AsmxHost";
            default: return "";
        }
    }

    public override byte[] GetPreloadedEntityBody() { return body; }
    public override int GetPreloadedEntityBodyLength() { return body.Length; }
    public override bool IsEntireEntityBodyIsPreloaded() { return true; }
    public override int GetTotalEntityBodyLength() { return body.Length; }
    public override int ReadEntityBody(byte[] buffer, int size) { return 0; }
    public override int ReadEntityBody(byte[] buffer, int offset, int size) { return 0; }

    // The reply.
    public override void SendStatus(int statusCode, string description)
    {
        status = statusCode;
        statusDescription = description;
    }

    public override void SendKnownResponseHeader(int index, string value)
    {
        if (headersSent) return;
        responseHeaders.Append(GetKnownResponseHeaderName(index)).Append(": ").Append(value).Append("\r\n");
    }

    public override void SendUnknownResponseHeader(string name, string value)
    {
        if (headersSent) return;
        responseHeaders.Append(name).Append(": ").Append(value).Append("\r\n");
    }

    public override void SendResponseFromMemory(byte[] data, int length)
    {
        if (length > 0) responseBody.Write(data, 0, length);
    }

    public override void SendResponseFromFile(string filename, long offset, long length)
    {
        using (var file = new FileStream(filename, FileMode.Open, FileAccess.Read, FileShare.ReadWrite))
            SendFromStream(file, offset, length);
    }

    public override void SendResponseFromFile(IntPtr handle, long offset, long length)
    {
        using (var file = new FileStream(new Microsoft.Win32.SafeHandles.SafeFileHandle(handle, false), FileAccess.Read))
            SendFromStream(file, offset, length);
    }

    void SendFromStream(Stream file, long offset, long length)
    {
        if (length < 0) length = file.Length - offset;
        file.Seek(offset, SeekOrigin.Begin);
        var chunk = new byte[Math.Min(length, 65536)];
        while (length > 0)
        {
            int n = file.Read(chunk, 0, (int)Math.Min(length, chunk.Length));
            if (n <= 0) break;
            responseBody.Write(chunk, 0, n);
            length -= n;
        }
    }

    public override void FlushResponse(bool finalFlush) { headersSent = true; }
    public override bool HeadersSent() { return headersSent; }
    public override bool IsClientConnected() { return true; }
    public override void CloseConnection() { }
    public override void EndOfRequest() { ended.Set(); }
}
