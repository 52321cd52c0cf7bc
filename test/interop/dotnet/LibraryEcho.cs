// Calls the Library service (../shared/wsdl-corpus/Library.asmx) through a proxy that Mono's `wsdl` tool
// made from its WSDL, in namespace P, and checks every value comes back equal: sent and received values are
// compared as XmlSerializer writes them, so every member counts (kinds of DateTime, nil vs absent, derived
// types, big numbers). Compile with -define:SOAP (SOAP 1.1 and 1.2 proxies) or -define:HTTP (HttpGet, HttpPost).
// Usage: mono LibraryEcho.exe ENDPOINT_URL. Prints one line per check and a summary; exit 1 when one fails.
using System;
using System.IO;
using System.Text;
using System.Xml;
using System.Xml.Serialization;
using P;

static class LibraryEcho {
  static int ok, failed;

  static string Xml(object value, Type type) {
    if (value == null) return "(null)";
    var serializer = new XmlSerializer(type, new XmlRootAttribute("v"));
    var text = new StringWriter();
    using (var writer = XmlWriter.Create(text, new XmlWriterSettings { OmitXmlDeclaration = true })) serializer.Serialize(writer, value);
    return text.ToString();
  }

  static void Check(string name, string expected, string actual) {
    if (expected == actual) { ok++; Console.WriteLine(name + " ok"); return; }
    failed++;
    Console.WriteLine(name + " DIFF\n  expected: " + expected + "\n  actual:   " + actual);
  }

  static void Same<T>(string name, T expected, T actual) { Check(name, Xml(expected, typeof(T)), Xml(actual, typeof(T))); }

  static void Run(string name, Action action) {
    try { action(); }
    catch (Exception e) { failed++; Console.WriteLine(name + " FAILED " + e.GetType().Name + ": " + e.Message.Split('\n')[0]); }
  }

  // What the service's Sample(isbn) returns.
  static Book Sample(string isbn) {
    return new Book { Isbn = isbn, Edition = 2, Title = "Tom & Jerry <3", Genre = Genre.nonfiction, Formats = Format.Hardcover | Format.Audio,
      Authors = new Person[] { new Author { Name = "Ada", BirthYear = 1815, Country = "UK" }, new Person { Name = "Bob" }, null },
      Price = 12.50m, Published = new DateTime(1999, 12, 31, 23, 59, 59, 250), Pages = null, Key = new Guid("3f2504e0-4f89-11d3-9a0c-0305e82c3301"),
      Cover = new byte[] { 137, 80, 78, 71 }, Available = true, Keyword = new [] { "cats", "" }, Copies = new Copy[0], Rating = 4.5f, Sales = 9007199254740993 };
  }

#if SOAP
  static Book Extremes() {
    return new Book { Isbn = "", Edition = int.MinValue, Title = "\u00e9\u4e2d\U0001F600 \t<&>\"'", Genre = Genre.Poetry, Formats = Format.None,
      Authors = new Person[] { null, new Person { Name = "", BirthYear = int.MaxValue }, new Author { Country = "NO" } },
      Price = 79228162514264337593543950335m, Published = new DateTime(2026, 5, 17, 10, 0, 0, DateTimeKind.Utc).AddTicks(1234567),
      Pages = 0, Key = Guid.Empty, Cover = new byte[0], Available = false, Keyword = new [] { "x" },
      Copies = new Copy[] { new Copy { Barcode = "c1", DueBack = new DateTime(2026, 1, 2) }, new Copy { DueBack = null } },
      Rating = float.MaxValue, Sales = long.MinValue };
  }
#endif

  static int Main(string[] args) {
    var endpoint = args[0];
    var library = new Library { Url = endpoint };
    var sample = Sample("978-0");
    Run("GetBook", () => Same("GetBook", sample, library.GetBook("978-0")));
#if SOAP
    Run("EchoBook sample", () => Same("EchoBook sample", sample, library.EchoBook(sample)));
    Run("EchoBook extremes", () => { var b = Extremes(); Same("EchoBook extremes", b, library.EchoBook(b)); });
    // wsdl numbers a flags list type's names from 1, so the proxy's Format.None is 1 and a new Book's Formats (0)
    // is written as an empty list; the service reads that as its None, and the proxy reads "None" back as 1.
    Run("EchoBook empty", () => Same("EchoBook empty", new Book { Formats = Format.None }, library.EchoBook(new Book())));
    Run("EchoBook null", () => Same<Book>("EchoBook null", null, library.EchoBook(null)));
    Run("AddBook", () => Same("AddBook", sample.Key, library.AddBook(sample)));
    Run("FindBooks", () => Same("FindBooks", new [] { Sample("isbn-0"), Sample("isbn-1") }, library.FindBooks(new [] { "Ada" }, new [] { Genre.Poetry }, 5)));
    Run("EchoGenres", () => { var g = new [] { Genre.Fiction, Genre.nonfiction, Genre.Poetry }; Same("EchoGenres", g, library.EchoGenres(g)); });
    Run("EchoFormat", () => Same("EchoFormat", Format.Paperback | Format.Audio, library.EchoFormat(Format.Paperback | Format.Audio)));
    Run("EchoFormat none", () => Same("EchoFormat none", Format.None, library.EchoFormat(Format.None)));
    Run("Lend nil", () => Same<int?>("Lend nil", null, library.Lend("c1", null)));
    Run("Lend value", () => Same<int?>("Lend value", 17, library.Lend("c1", new DateTime(2026, 5, 17))));
    Run("Titles", () => Same("Titles", new [] { "T0", "T1", "T2" }, library.Titles(3)));
    Run("WhoAmI ticket", () => { library.TicketValue = new Ticket { Token = "tok", Level = 3 }; Same("WhoAmI ticket", "tok/3", library.WhoAmI()); library.TicketValue = null; });
    Run("Renew trace", () => {
      library.TraceValue = new Trace { Id = "t1" };
      Same("Renew result", 14, library.Renew(7));
      Same("Renew trace out", "t1-renewed", library.TraceValue == null ? null : library.TraceValue.Id);
      library.TraceValue = null;
    });
    Run("EchoXml", () => {
      var doc = new XmlDocument { PreserveWhitespace = true };
      doc.LoadXml("<Foo xmlns=\"urn:x\" a=\"1\">bar<b:c xmlns:b=\"urn:b\" /><!-- note --><![CDATA[<raw>]]><e></e></Foo>");
      var back = library.EchoXml(doc.DocumentElement);
      Check("EchoXml", doc.DocumentElement.OuterXml, back == null ? "(null)" : back.OuterXml);
    });
    Run("EchoAny int", () => Check("EchoAny int", "5 System.Int32", Describe(library.EchoAny(5))));
    Run("EchoAny string", () => Check("EchoAny string", "hi System.String", Describe(library.EchoAny("hi"))));
    Run("EchoAny author", () => {
      var a = new Author { Name = "Zed", Country = "NO" };
      Same<Person>("EchoAny author", a, library.EchoAny(a) as Person);
    });
    Run("EchoAny null", () => Check("EchoAny null", "(null)", Describe(library.EchoAny(null))));
#endif
#if HTTP
    Run("FindBooks", () => Same("FindBooks", new [] { Sample("isbn-0"), Sample("isbn-1") }, library.FindBooks(new [] { "Ada", "Bob" }, new [] { "Poetry" }, "2")));
    Run("FindBooks none", () => Same("FindBooks none", new Book[0], library.FindBooks(new [] { "Ada" }, new [] { "Poetry" }, "0")));
    // HttpGet/HttpPost bind an enum parameter with Enum.Parse: C# member names, flags joined by commas.
    Run("EchoGenres", () => Same("EchoGenres", new [] { Genre.Poetry, Genre.nonfiction }, library.EchoGenres(new [] { "Poetry", "NonFiction" })));
    Run("EchoFormat", () => Same("EchoFormat", Format.Hardcover | Format.Audio, library.EchoFormat("Hardcover, Audio")));
    Run("Titles", () => Same("Titles", new [] { "T0", "T1" }, library.Titles("2")));
    Run("Titles zero", () => Same("Titles zero", new string[0], library.Titles("0")));
#endif
    Console.WriteLine("echoes: " + ok + " ok, " + failed + " failed");
    return failed == 0 ? 0 : 1;
  }

  static string Describe(object value) { return value == null ? "(null)" : value + " " + value.GetType(); }
}
