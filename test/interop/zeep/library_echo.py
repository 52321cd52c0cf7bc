"""Echoes values through the Library service (../shared/wsdl-corpus/Library.asmx) with zeep, on its SOAP 1.1
and SOAP 1.2 ports, and checks each comes back equal (zeep.helpers.serialize_object on both sides).

Usage: /usr/bin/python3 library_echo.py WSDL_URL
Prints one line per check ("<port> <name> ok" or "... DIFF"/"... FAILED" with details) and a summary;
exit 1 when one fails.
"""
import datetime
import decimal
import sys
import uuid

import zeep
from zeep import xsd
from zeep.helpers import serialize_object
from zeep.transports import Transport

# The WSDL's AbstractTypes schema imports the SOAP encoding schema by namespace alone, which zeep fetches from
# the web. Offline, it gets this stand-in: the one type the WSDL uses (soapenc:Array), as the real schema
# declares it (https://schemas.xmlsoap.org/soap/encoding/) less what zeep does not read.
SOAP_ENCODING = "http://schemas.xmlsoap.org/soap/encoding/"
SOAP_ENCODING_SCHEMA = b"""<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"
  xmlns:tns="http://schemas.xmlsoap.org/soap/encoding/" targetNamespace="http://schemas.xmlsoap.org/soap/encoding/">
  <xs:attribute name="arrayType" type="xs:string" />
  <xs:complexType name="Array">
    <xs:sequence><xs:any namespace="##any" minOccurs="0" maxOccurs="unbounded" processContents="lax" /></xs:sequence>
    <xs:anyAttribute namespace="##other" processContents="lax" />
  </xs:complexType>
</xs:schema>"""


class OfflineTransport(Transport):
    def load(self, url):
        if url.rstrip("/") == SOAP_ENCODING.rstrip("/"):
            return SOAP_ENCODING_SCHEMA
        return super().load(url)


def plain(value):
    """A value in a form that compares by what it says: datetimes as ISO text (the instant and its offset,
    whatever tzinfo class zeep picked), UUIDs as text (zeep reads the Microsoft guid type as a string)."""
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain(item) for item in value]
    if isinstance(value, datetime.datetime):
        return value.isoformat()
    if isinstance(value, uuid.UUID):
        return str(value)
    return value


def main() -> int:
    client = zeep.Client(sys.argv[1], transport=OfflineTransport())
    ok = failed = 0

    def check(port, name, expected, actual):
        nonlocal ok, failed
        expected, actual = plain(serialize_object(expected, dict)), plain(serialize_object(actual, dict))
        if expected == actual:
            ok += 1
            print(f"{port} {name} ok")
        else:
            failed += 1
            print(f"{port} {name} DIFF\n  expected: {expected!r}\n  actual:   {actual!r}")

    for port in ("LibrarySoap", "LibrarySoap12"):
        service = client.bind("Library", port)
        person = client.get_type("{urn:example:library}Person")
        author = client.get_type("{urn:example:library}Author")
        book_type = client.get_type("{urn:example:library}Book")
        copy = client.get_type("{urn:example:library}Copy")
        book = book_type(
            Isbn="978-1", Edition=3, Title="Tom & Jerry <3", Genre="non-fiction", Formats=["Hardcover", "Audio"],
            Authors={"Person": [author(Name="Ada", BirthYear=1815, Country="UK"), person(Name="Bob", BirthYear=None)]},
            Price=decimal.Decimal("79228162514264337593543950335"),
            Published=datetime.datetime(2026, 5, 17, 10, 0, 0, 123456, tzinfo=datetime.timezone.utc),
            Pages=None, Key=uuid.UUID("3f2504e0-4f89-11d3-9a0c-0305e82c3301"), Cover=b"\x89PNG",
            Available=True, Keyword=["cats", "dogs"], Copies={"Copy": [copy(Barcode="c1", DueBack=None)]},
            Rating=4.5, Sales=9223372036854775807,
        )
        cases = [
            ("EchoBook", lambda: service.EchoBook(book=book), book),
            ("EchoGenres", lambda: service.EchoGenres(genres={"Genre": ["Poetry", "non-fiction"]}),
             ["Poetry", "non-fiction"]),
            ("EchoFormat", lambda: service.EchoFormat(format=["Paperback", "Audio"]), ["Paperback", "Audio"]),
            ("Lend", lambda: service.Lend(barcode="c1", until=datetime.datetime(2026, 5, 17)), 17),
            ("Lend nil", lambda: service.Lend(barcode="c1", until=None), None),
            ("Titles", lambda: service.Titles(count=2), ["T0", "T1"]),
            ("AddBook", lambda: service.AddBook(book=book), uuid.UUID("3f2504e0-4f89-11d3-9a0c-0305e82c3301")),
            ("EchoAny int", lambda: service.EchoAny(value=xsd.AnyObject(xsd.Int(), 5)), 5),
            ("EchoAny author", lambda: service.EchoAny(value=xsd.AnyObject(author, author(Name="Zed", Country="NO"))),
             author(Name="Zed", BirthYear=None, Country="NO")),
        ]
        for name, call, expected in cases:
            try:
                actual = call()
            except Exception as error:  # reported, not raised: the test asserts on the summary and every line
                failed += 1
                print(f"{port} {name} FAILED {type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}")
                continue
            check(port, name, expected, actual)
        try:
            # An operation with an out header returns the envelope's header and body.
            result = service.Renew(days=7, _soapheaders={"Trace": {"Id": "t1"}})
            check(port, "Renew", {"RenewResult": 14, "Trace": "t1-renewed"},
                  {"RenewResult": result.body.RenewResult, "Trace": result.header.Trace.Id})
        except Exception as error:
            failed += 1
            print(f"{port} Renew FAILED {type(error).__name__}: {error}")
    print(f"echoes: {ok} ok, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
