// Echoes values through the Library service (../shared/wsdl-corpus/Library.asmx) with a gSOAP C++ proxy
// made from its WSDL (wsdl2h, then soapcpp2 -j -C), on SOAP 1.1: each value must come back equal, compared
// as gSOAP itself writes it (soap_write_*), so every member counts.
// Usage: library_echo ENDPOINT_URL. One line per check and a summary; exit 1 when one fails.
#include "soapLibrarySoapProxy.h"
#include "LibrarySoap.nsmap"
#include <iostream>
#include <sstream>

static int ok = 0, failed = 0;

template <typename T, typename Write> static std::string xml(struct soap *soap, const T *value, Write write) {
  if (value == nullptr) return "(null)";
  std::ostringstream out;
  std::ostream *saved = soap->os;
  soap->os = &out;
  write(soap, value);
  soap->os = saved;
  return out.str();
}

static void check(const std::string &name, const std::string &expected, const std::string &actual) {
  if (expected == actual) {
    ok++;
    std::cout << name << " ok\n";
  } else {
    failed++;
    std::cout << name << " DIFF\n  expected: " << expected << "\n  actual:   " << actual << "\n";
  }
}

static void failure(const std::string &name, LibrarySoapProxy &proxy) {
  failed++;
  std::ostringstream detail;
  proxy.soap_stream_fault(detail);
  std::string first = detail.str().substr(0, detail.str().find('\n'));
  std::cout << name << " FAILED " << first << "\n";
}

int main(int argc, char **argv) {
  LibrarySoapProxy proxy(argv[1], SOAP_XML_DEFAULTNS);
  struct soap *soap = proxy.soap;

  // A book with a derived author, a nil item (nillable Person items), flags, an enum XML name, an unwrapped array,
  // an attribute, big numbers and a UTC dateTime (gSOAP's time_t carries whole seconds).
  ns1__Book book;
  std::string title = "Tom & Jerry <3", isbn = "978-1", ada = "Ada", uk = "UK", bob = "Bob", barcode = "c1";
  int birth = 1815;
  ns1__Author author;
  author.Name = &ada;
  author.BirthYear = &birth;
  author.Country = &uk;
  ns1__Person person;
  person.Name = &bob;
  ns1__ArrayOfPerson authors;
  authors.Person = {&author, &person, nullptr};
  ns1__Copy copy;
  copy.Barcode = &barcode;
  ns1__ArrayOfCopy copies;
  copies.Copy = {&copy};
  book.Isbn = &isbn;
  book.Edition = 3;
  book.Title = &title;
  book.Genre = ns1__Genre__non_fiction;
  book.Formats = static_cast<ns1__Format>(ns1__Format__Hardcover | ns1__Format__Audio);
  book.Authors = &authors;
  book.Price = "79228162514264337593543950335";
  book.Published = 1779012000;  // 2026-05-17T10:00:00Z
  book.Key = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";
  book.Available = true;
  book.Keyword = {"cats", ""};
  book.Copies = &copies;
  book.Rating = 4.5f;
  book.Sales = 9223372036854775807LL;

  {
    _ns1__EchoBook request;
    request.book = &book;
    _ns1__EchoBookResponse response;
    if (proxy.EchoBook(&request, response) == SOAP_OK)
      check("EchoBook", xml(soap, &book, soap_write_ns1__Book), xml(soap, response.EchoBookResult, soap_write_ns1__Book));
    else
      failure("EchoBook", proxy);
  }
  {
    ns1__ArrayOfGenre genres;
    genres.Genre = {ns1__Genre__Poetry, ns1__Genre__non_fiction, ns1__Genre__Fiction};
    _ns1__EchoGenres request;
    request.genres = &genres;
    _ns1__EchoGenresResponse response;
    if (proxy.EchoGenres(&request, response) == SOAP_OK)
      check("EchoGenres", xml(soap, &genres, soap_write_ns1__ArrayOfGenre),
            xml(soap, response.EchoGenresResult, soap_write_ns1__ArrayOfGenre));
    else
      failure("EchoGenres", proxy);
  }
  {
    _ns1__EchoFormat request;
    request.format = static_cast<ns1__Format>(ns1__Format__Paperback | ns1__Format__Audio);
    _ns1__EchoFormatResponse response;
    if (proxy.EchoFormat(&request, response) == SOAP_OK)
      check("EchoFormat", std::to_string(request.format), std::to_string(response.EchoFormatResult));
    else
      failure("EchoFormat", proxy);
  }
  {
    _ns1__Lend request;
    request.barcode = &barcode;
    request.until = nullptr;
    _ns1__LendResponse response;
    if (proxy.Lend(&request, response) == SOAP_OK)
      check("Lend nil", "(null)", response.LendResult ? std::to_string(*response.LendResult) : "(null)");
    else
      failure("Lend nil", proxy);
  }
  {
    _ns1__Titles request;
    request.count = 2;
    _ns1__TitlesResponse response;
    if (proxy.Titles(&request, response) == SOAP_OK) {
      std::string got;
      if (response.TitlesResult)
        for (auto &title : response.TitlesResult->string) got += title + ";";
      check("Titles", "T0;T1;", got);
    } else {
      failure("Titles", proxy);
    }
  }
  {
    ns1__Trace trace;
    std::string id = "t1";
    trace.Id = &id;
    proxy.soap_header(nullptr, &trace);
    _ns1__Renew request;
    request.days = 7;
    _ns1__RenewResponse response;
    if (proxy.Renew(&request, response) == SOAP_OK) {
      check("Renew result", "14", std::to_string(response.RenewResult));
      ns1__Trace *back = soap->header ? soap->header->ns1__Trace_ : nullptr;
      check("Renew trace out", "t1-renewed", back && back->Id ? *back->Id : "(null)");
    } else {
      failure("Renew", proxy);
    }
  }
  std::cout << "echoes: " << ok << " ok, " << failed << " failed\n";
  proxy.destroy();
  return failed == 0 ? 0 : 1;
}
